import { emailSchema } from '@app/shared';

/** The address, trimmed and lower-cased, when it is a valid e-mail address; else null. */
export function validEmailOrNull(value: string | null | undefined): string | null {
  if (!value) return null;
  const result = emailSchema.safeParse(value);
  return result.success ? result.data : null;
}

/** What to show for an address that does not parse: the schema's own words. */
export function emailProblem(value: string): string | null {
  if (!value.trim()) return 'Please enter your email address';
  const result = emailSchema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Please enter a valid email address');
}

/** "ana@example.com" → "ana": how an inviter is named in the invite banner. */
export function emailName(email: string): string {
  return email.split('@')[0]?.trim() || email;
}
