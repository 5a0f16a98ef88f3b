import { describe, expect, it } from 'vitest';
import { approximatesPrompts } from './use-mode-engine';

describe('approximatesPrompts', () => {
  it('says so when the local or instant preview serves the mode', () => {
    expect(approximatesPrompts({ 'custom-prompt': 'local' }, 'custom')).toBe(true);
    expect(approximatesPrompts({ 'edit-photo': 'instant' }, 'edit')).toBe(true);
    expect(approximatesPrompts({ 'ghibli-reaction': 'local' }, 'ghiblireact')).toBe(true);
  });

  it('stays quiet when an AI provider serves the mode, whatever serves the others', () => {
    expect(approximatesPrompts({ 'custom-prompt': 'fal', 'edit-photo': 'local' }, 'custom')).toBe(false);
    expect(approximatesPrompts({ 'ghibli-reaction': 'bfl' }, 'ghiblireact')).toBe(false);
  });

  it('stays quiet while the server has not said', () => {
    expect(approximatesPrompts({}, 'custom')).toBe(false);
  });
});
