import { describe, expect, it } from 'vitest';
import { dismissToast, getToasts, showToast, toast } from './toast-store';

describe('toast store', () => {
  it('keeps at most 3 toasts, dropping the oldest', () => {
    for (const title of ['one', 'two', 'three', 'four']) toast.success(title);
    expect(getToasts().map((t) => t.title)).toEqual(['two', 'three', 'four']);
    for (const t of getToasts()) dismissToast(t.id);
    expect(getToasts()).toEqual([]);
  });

  it('fills in the default texts of each kind (spec 1 §9)', () => {
    const id = showToast('queue');
    expect(getToasts().find((t) => t.id === id)).toMatchObject({
      title: 'Added to queue',
      message: "We'll start processing shortly.",
    });
    const titled = toast.success('Login successful!');
    expect(getToasts().find((t) => t.id === titled)).toMatchObject({ title: 'Login successful!', message: null });
    const both = toast.error('Error', 'Failed to update email. Try again.');
    expect(getToasts().find((t) => t.id === both)).toMatchObject({ kind: 'error', message: 'Failed to update email. Try again.' });
  });
});
