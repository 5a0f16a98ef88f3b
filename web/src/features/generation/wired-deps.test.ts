import { describe, expect, it, vi } from 'vitest';
import { followWiredGenerationDeps, wiredGenerationDeps, wireGenerationDeps } from './wired-deps';

describe('wireGenerationDeps', () => {
  it('keeps what is wired for the engine to come, and hands what is wired later to the engine once made', () => {
    const invalidate = vi.fn();
    wireGenerationDeps({ invalidate });
    expect(wiredGenerationDeps()).toMatchObject({ invalidate });

    const engine = { configure: vi.fn() };
    followWiredGenerationDeps(engine);
    // The composer's code loads after the engine was made (a retry from the library first).
    const composer = { close: vi.fn(), clear: vi.fn() };
    wireGenerationDeps({ composer });
    expect(engine.configure).toHaveBeenCalledWith({ composer });
    expect(wiredGenerationDeps()).toMatchObject({ invalidate, composer });
  });
});
