import { describe, expect, it } from 'vitest';
import { PermanentGenerationError } from '../pipeline/ports';
import { INTERNAL_FAILURE, failureText } from './generation';

describe('failureText', () => {
  it('passes on texts written for people', () => {
    expect(failureText(new PermanentGenerationError('The source photo is no longer available'))).toBe(
      'Generation failed: The source photo is no longer available',
    );
    expect(failureText(new Error('Generation failed: no clip could be made'))).toBe('Generation failed: no clip could be made');
    expect(failureText(Object.assign(new Error('aborted'), { name: 'TimeoutError' }))).toBe('Timeout: the AI service took too long');
  });

  it('never passes on a database or system message', () => {
    const fromPostgres = Object.assign(new Error('duplicate key value violates unique constraint "media_pkey"'), { code: '23505' });
    expect(failureText(fromPostgres)).toBe(INTERNAL_FAILURE);
    expect(failureText(new Error('ENOSPC: no space left on device, write'))).toBe(INTERNAL_FAILURE);
    expect(failureText('a string')).toBe(INTERNAL_FAILURE);
  });
});
