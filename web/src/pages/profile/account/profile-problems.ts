import { ApiError, errorMessage } from '../../../api/api-error';

export type ProfileProblems = Partial<Record<'name' | 'username' | 'avatar' | 'form', string>>;

/** Which field a refusal of update-profile is about: the server names it (`username: …`) or says USERNAME_TAKEN. */
export function problemsOf(error: unknown): ProfileProblems {
  const text = errorMessage(error, 'Your profile could not be saved. Please try again.');
  if (error instanceof ApiError && error.code === 'USERNAME_TAKEN') return { username: text };
  const field = /^(name|username|avatar): (.*)$/s.exec(text);
  if (!field) return { form: text };
  // Several refusals come joined with '; ': the first is the one to fix first.
  const message = field[2]!.split('; ')[0]!;
  return { [field[1]!]: field[1] === 'name' ? `Name: ${message}` : message.charAt(0).toUpperCase() + message.slice(1) };
}
