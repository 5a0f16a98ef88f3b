/** The magic wand (POST enhance-prompt): its call loads when the wand is first used. */
export async function enhancePrompt(prompt: string): Promise<string | null> {
  const api = await import('./generation-api');
  return api.enhancePrompt(prompt);
}
