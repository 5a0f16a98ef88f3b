import { describe, expect, it } from 'vitest';
import { IDENTITY_NEGATIVE, KEEP_IDENTITY, QUALITY_NEGATIVE } from './identity-phrases';

describe('identity phrases', () => {
  it('ask the model to keep the same person and face', () => {
    expect(KEEP_IDENTITY).toContain('Same person');
    expect(KEEP_IDENTITY).toContain('same face');
  });

  it('steer away from a different person and from quality faults', () => {
    expect(IDENTITY_NEGATIVE).toContain('different person');
    expect(IDENTITY_NEGATIVE).toContain('face swap');
    expect(QUALITY_NEGATIVE).toContain('blurry');
    expect(QUALITY_NEGATIVE).toContain('watermark');
  });
});
