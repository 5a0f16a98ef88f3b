/** "1 credit", "2 credits", "0 creations": a count and its noun, singular for exactly one. */
export function countText(count: number, noun: string): string {
  return `${count} ${count === 1 ? noun : `${noun}s`}`;
}

export const credits = (count: number) => countText(count, 'credit');
export const creations = (count: number) => countText(count, 'creation');
