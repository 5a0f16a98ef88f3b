import { type FormEvent, useState } from 'react';

/**
 * A form's submit as the app's forms do it: nothing while one is under way; a problem found
 * before sending is shown and nothing is sent; else `busy` while `send` runs.
 */
export function useFormSubmit() {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent, found: string | null, send: () => Promise<void>) => {
    event.preventDefault();
    if (busy) return;
    setProblem(found);
    if (found) return;
    setBusy(true);
    try {
      await send();
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, setProblem, submit };
}
