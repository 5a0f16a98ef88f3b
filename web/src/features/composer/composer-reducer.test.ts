import { DEFAULT_CUSTOM_PROMPT } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { type ComposerAction, type ComposerState, composerReducer, INITIAL_COMPOSER_STATE } from './composer-reducer';

const photo = new File(['x'], 'me.png', { type: 'image/png' });

function run(...actions: ComposerAction[]): ComposerState {
  return actions.reduce(composerReducer, INITIAL_COMPOSER_STATE);
}

const withPhoto: ComposerAction[] = [
  { type: 'prompt-changed', prompt: 'me on the moon' },
  { type: 'upload-started', file: photo, previewUrl: 'blob:me', modeAfter: null },
  { type: 'upload-finished', file: photo, url: 'https://cdn.example/me.png', width: 800, height: 1000 },
];

describe('composerReducer (spec 1 §2–§4)', () => {
  it('an upload opens the composer with the photo; custom mode gets the default prompt when blank', () => {
    const state = run({ type: 'upload-started', file: photo, previewUrl: 'blob:me', modeAfter: null });
    expect(state).toMatchObject({ open: true, trayExpanded: true, mode: 'custom', prompt: DEFAULT_CUSTOM_PROMPT });
    expect(state.media).toMatchObject({ previewUrl: 'blob:me', kind: 'image', sourceUrl: null, ownsPreview: true });
    const uploaded = composerReducer(state, { type: 'upload-finished', file: photo, url: 'https://cdn.example/me.png', width: 800, height: 1000 });
    expect(uploaded.media).toMatchObject({ sourceUrl: 'https://cdn.example/me.png', width: 800, height: 1000 });
  });

  it('opening a preset panel only to look keeps the mode and the prompt; closing it changes nothing', () => {
    const before = run(...withPhoto);
    const looking = composerReducer(before, { type: 'mode-selected', mode: 'unrealreflection' });
    expect(looking).toMatchObject({ mode: 'custom', prompt: 'me on the moon', panel: 'unrealreflection' });
    expect(composerReducer(looking, { type: 'panel-closed' })).toEqual(before);
    // The same button again closes its panel, too.
    expect(composerReducer(looking, { type: 'mode-selected', mode: 'unrealreflection' })).toEqual(before);
  });

  it('picking a preset switches to its mode, remembers it and closes the panel', () => {
    const state = run(...withPhoto, { type: 'mode-selected', mode: 'parallelself' }, { type: 'preset-picked', mode: 'parallelself', id: 'parallel_self_black_aura' });
    expect(state).toMatchObject({ mode: 'parallelself', panel: null, presets: { parallelself: 'parallel_self_black_aura' } });
    // Custom Prompt brings the person's prompt back.
    expect(composerReducer(state, { type: 'mode-selected', mode: 'custom' })).toMatchObject({ mode: 'custom', prompt: 'me on the moon', panel: null });
  });

  it('a preset mode asked for before the file opens its panel once the file is in, without switching', () => {
    const state = run({ type: 'upload-started', file: photo, previewUrl: 'blob:me', modeAfter: 'cyber-siren' });
    expect(state).toMatchObject({ mode: 'custom', panel: 'cyber-siren' });
    expect(run({ type: 'upload-started', file: photo, previewUrl: 'blob:me', modeAfter: 'edit' })).toMatchObject({ mode: 'edit', panel: null });
  });

  it('a failed upload of the current file drops the media; a stale one changes nothing', () => {
    const state = run(...withPhoto.slice(0, 2));
    expect(composerReducer(state, { type: 'upload-failed', file: photo }).media).toBeNull();
    const other = new File(['y'], 'other.png', { type: 'image/png' });
    expect(composerReducer(state, { type: 'upload-failed', file: other })).toBe(state);
  });

  it('removing the media goes back to custom and closes the composer', () => {
    const state = run(...withPhoto, { type: 'preset-picked', mode: 'unrealreflection', id: 'x' }, { type: 'media-removed' });
    expect(state).toMatchObject({ media: null, mode: 'custom', open: false, panel: null, trayExpanded: false });
  });

  it('a run clears the options 1 s after the start and the prompt on completion; the photo stays for the next run', () => {
    const started = run(...withPhoto, { type: 'video-toggled', enableVideo: true }, { type: 'run-started' });
    expect(started).toMatchObject({ open: false, panel: null, trayExpanded: false });
    const photo = started.media;
    expect(photo).not.toBeNull();
    const cleared = composerReducer(started, { type: 'run-cleared', reason: 'started' });
    expect(cleared).toMatchObject({ media: photo, enableVideo: false, prompt: 'me on the moon' });
    expect(composerReducer(cleared, { type: 'run-cleared', reason: 'completed' })).toMatchObject({ media: photo, prompt: '', mode: 'custom', open: false });
  });

  it("a remix asks before replacing a typed prompt, and replaces the default one at once", () => {
    const typed = run({ type: 'prompt-changed', prompt: 'my words' }, { type: 'handed-remix', prompt: 'neon rain' });
    expect(typed).toMatchObject({ prompt: 'my words', pendingRemix: 'neon rain' });
    expect(composerReducer(typed, { type: 'remix-confirmed' })).toMatchObject({ prompt: 'neon rain', pendingRemix: null, open: true });
    expect(run({ type: 'prompt-changed', prompt: DEFAULT_CUSTOM_PROMPT }, { type: 'handed-remix', prompt: 'neon rain' })).toMatchObject({ prompt: 'neon rain', pendingRemix: null });
  });

  it('a draft handed over opens Studio with its URL as the source when it is https', () => {
    const state = run({ type: 'handed-media', url: 'https://cdn.example/d.png', kind: 'image', secure: true, mode: 'edit', prompt: 'warmer', open: true });
    expect(state).toMatchObject({ mode: 'edit', prompt: 'warmer', open: true, media: { sourceUrl: 'https://cdn.example/d.png', ownsPreview: false } });
    expect(run({ type: 'handed-media', url: 'blob:x', kind: 'image', secure: false, mode: null, prompt: null, open: false }).media?.sourceUrl).toBeNull();
  });
});
