/**
 * Credits in words, for every control that spends and says what it costs. Apart from
 * generation-errors.ts (spec 1 §8's table) so the composer's first view carries only these.
 */

/** Spec 1 §8's title for a person short of credits. */
export const NO_CREDITS_TITLE = 'No Credits';

/** A number of credits as a person reads it: '1 credit', '15 credits' (the web's lib/count-text says it alike). */
function creditsText(count: number): string {
  return `${count} ${count === 1 ? 'credit' : 'credits'}`;
}

/**
 * What a control that spends says when the balance is short, before and after a tap: 'Story
 * Time needs 15 credits — you have 1'. `what` names the look or mode; null: 'This creation'.
 */
export function creditShortfallMessage(what: string | null, required: number, available: number): string {
  return `${what ?? 'This creation'} needs ${creditsText(required)} — you have ${available}`;
}
