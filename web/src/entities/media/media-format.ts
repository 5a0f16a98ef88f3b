/** Texts of media items (spec 1 §9, spec 2 §3): dates and the identity-check line. */
const DATE_OPTIONS: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'short', hour12: true };
const DATE_FORMAT = new Intl.DateTimeFormat('en-US', DATE_OPTIONS);
/** The same, in UTC: what a page drawn on the server shows until the browser has taken it over (the server knows no one's time zone). */
export const UTC_DATE_FORMAT = new Intl.DateTimeFormat('en-US', { ...DATE_OPTIONS, timeZone: 'UTC' });

export const UNKNOWN_DATE = 'Unknown date';

/** '1/2/25, 3:04 AM' (US English, short, 12-hour), or 'Unknown date'. */
export function formatViewerDate(value: string | number | Date | null | undefined, format: Intl.DateTimeFormat = DATE_FORMAT): string {
  if (value === null || value === undefined || value === '') return UNKNOWN_DATE;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return UNKNOWN_DATE;
  return format.format(date);
}

export interface IdentityLineInput {
  applicable?: boolean | null;
  score?: number | null;
  threshold?: number | null;
  attempts?: number | null;
}

/** 'Identity match 0.93 · threshold 0.75 · 1 attempt'; null when there is nothing to say. */
export function identityLine(identity: IdentityLineInput | null | undefined): string | null {
  if (!identity) return null;
  if (identity.applicable === false) return 'Identity check: no face in the source';
  if (typeof identity.score !== 'number') return null;
  const parts = [`Identity match ${identity.score.toFixed(2)}`];
  if (typeof identity.threshold === 'number') parts.push(`threshold ${identity.threshold.toFixed(2)}`);
  if (typeof identity.attempts === 'number') parts.push(`${identity.attempts} ${identity.attempts === 1 ? 'attempt' : 'attempts'}`);
  return parts.join(' · ');
}

/** Whether the score reached the threshold (null: not known). */
export function identityPassed(identity: IdentityLineInput | null | undefined): boolean | null {
  if (!identity || typeof identity.score !== 'number' || typeof identity.threshold !== 'number') return null;
  return identity.score >= identity.threshold;
}

const CARD_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** 'Aug 4, 2025' under a library card; nothing for an unknown date. */
export function formatCardDate(value: string | null): string {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? CARD_DATE.format(date) : '';
}

/** 'Identity 0.93', the chip of a library card. */
export function identityLabel(score: number): string {
  return `Identity ${score.toFixed(2)}`;
}
