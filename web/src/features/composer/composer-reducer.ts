import { type ClientMode, DEFAULT_CUSTOM_PROMPT } from '@app/shared';
import { isPresetMode, type PresetMode, type SelectedPresets } from './composer-modes';

/** The composer's media: a picked file (uploading or uploaded), or a URL handed over (a draft). */
export interface ComposerMedia {
  file: File | null;
  previewUrl: string;
  kind: 'image' | 'video';
  /** The uploaded (or handed-over) URL the generation reads; null while uploading. */
  sourceUrl: string | null;
  width: number | null;
  height: number | null;
  /** An object URL of ours, revoked when the media goes. */
  ownsPreview: boolean;
}

/** Story Time's further photos (the first photo is the composer's media). */
export interface StoryPhoto {
  id: string;
  previewUrl: string;
  url: string | null;
  failed: boolean;
}

export type ComposerPanel = PresetMode | 'more' | null;

/** The composer state of spec 1 §3 (mode, file, sourceUrl, selected presets, prompt…). */
export interface ComposerState {
  /** Open: the composer shows its media and options (closing collapses it to the bar). */
  open: boolean;
  mode: ClientMode;
  media: ComposerMedia | null;
  prompt: string;
  presets: SelectedPresets;
  /** The preset panel shown; opening one only to look leaves the mode as it is. */
  panel: ComposerPanel;
  /** Mobile: the options tray (Tap to Edit / Hide Options). */
  trayExpanded: boolean;
  enableVideo: boolean;
  storyPhotos: StoryPhoto[];
  enhancing: boolean;
  savingDraft: boolean;
  /** A file waiting for the Media Upload Agreement. */
  pendingFile: File | null;
  /** The mode asked for before there was a file: its panel (or the mode) comes once the file is in. */
  modeAfterUpload: ClientMode | null;
  /** A remix's prompt waiting for the person to confirm it replaces the one they typed. */
  pendingRemix: string | null;
}

export const INITIAL_COMPOSER_STATE: ComposerState = {
  open: false,
  mode: 'custom',
  media: null,
  prompt: '',
  presets: {},
  panel: null,
  trayExpanded: false,
  enableVideo: false,
  storyPhotos: [],
  enhancing: false,
  savingDraft: false,
  pendingFile: null,
  modeAfterUpload: null,
  pendingRemix: null,
};

export type ComposerAction =
  | { type: 'file-awaits-agreement'; file: File; modeAfter: ClientMode | null }
  | { type: 'agreement-cancelled' }
  | { type: 'upload-started'; file: File; previewUrl: string; modeAfter: ClientMode | null }
  | { type: 'upload-finished'; file: File; url: string; width: number | null; height: number | null }
  | { type: 'upload-failed'; file: File }
  | { type: 'media-removed' }
  | { type: 'mode-selected'; mode: ClientMode }
  | { type: 'more-toggled' }
  | { type: 'panel-closed' }
  | { type: 'preset-picked'; mode: PresetMode; id: string }
  | { type: 'preset-restored'; mode: PresetMode; id: string }
  | { type: 'prompt-changed'; prompt: string }
  | { type: 'video-toggled'; enableVideo: boolean }
  | { type: 'tray-toggled' }
  | { type: 'expanded' }
  | { type: 'enhance-started' }
  | { type: 'enhance-finished'; prompt: string | null }
  | { type: 'draft-saving'; saving: boolean }
  | { type: 'story-photos-added'; photos: StoryPhoto[] }
  | { type: 'story-photo-uploaded'; id: string; url: string }
  | { type: 'story-photo-failed'; id: string }
  | { type: 'story-photo-removed'; id: string }
  | { type: 'run-started' }
  | { type: 'run-cleared'; reason: 'started' | 'completed' }
  | { type: 'handed-remix'; prompt: string }
  | { type: 'remix-confirmed' }
  | { type: 'remix-cancelled' }
  | { type: 'handed-media'; url: string; kind: 'image' | 'video'; secure: boolean; mode: ClientMode | null; prompt: string | null; open: boolean };

const kindOf = (file: Blob): 'image' | 'video' => (file.type.startsWith('video/') ? 'video' : 'image');

/** The panel a mode opens: a preset mode's list; any other mode none. */
const panelOf = (mode: ClientMode | null): ComposerPanel => (mode && isPresetMode(mode) ? mode : null);

/** Spec 1 §2–§4: every change of the composer's state, without effects (uploads, calls, timers). */
export function composerReducer(state: ComposerState, action: ComposerAction): ComposerState {
  switch (action.type) {
    case 'file-awaits-agreement':
      return { ...state, pendingFile: action.file, modeAfterUpload: action.modeAfter };
    case 'agreement-cancelled':
      return { ...state, pendingFile: null, modeAfterUpload: null };
    case 'upload-started': {
      const wanted = action.modeAfter;
      // A preset mode asked for before the file only opens its panel: the mode changes on a pick.
      const mode = wanted && !isPresetMode(wanted) ? wanted : state.mode;
      const prompt = mode === 'custom' && state.prompt.trim() === '' ? DEFAULT_CUSTOM_PROMPT : state.prompt;
      return {
        ...state,
        open: true,
        trayExpanded: true,
        mode,
        prompt,
        panel: panelOf(wanted),
        pendingFile: null,
        modeAfterUpload: null,
        media: { file: action.file, previewUrl: action.previewUrl, kind: kindOf(action.file), sourceUrl: null, width: null, height: null, ownsPreview: true },
      };
    }
    case 'upload-finished':
      if (state.media?.file !== action.file) return state;
      return { ...state, media: { ...state.media, sourceUrl: action.url, width: action.width, height: action.height } };
    case 'upload-failed':
      if (state.media?.file !== action.file) return state;
      return { ...state, media: null, panel: null };
    case 'media-removed':
      return { ...state, media: null, mode: 'custom', open: false, panel: null, trayExpanded: false, storyPhotos: [] };
    case 'mode-selected': {
      const { mode } = action;
      if (isPresetMode(mode)) {
        // Opening (or closing) a preset list only to look keeps the mode and the prompt.
        return { ...state, open: true, panel: state.panel === mode ? null : mode };
      }
      if (mode === state.mode && mode !== 'custom') return { ...state, panel: null, trayExpanded: false };
      return { ...state, mode, panel: null, open: true };
    }
    case 'more-toggled':
      return { ...state, panel: state.panel === 'more' ? null : 'more' };
    case 'panel-closed':
      return state.panel === null ? state : { ...state, panel: null };
    case 'preset-picked':
      return { ...state, mode: action.mode, presets: { ...state.presets, [action.mode]: action.id }, panel: null };
    case 'preset-restored':
      return { ...state, presets: { ...state.presets, [action.mode]: action.id } };
    case 'prompt-changed':
      return { ...state, prompt: action.prompt };
    case 'video-toggled':
      return { ...state, enableVideo: action.enableVideo };
    case 'tray-toggled':
      return { ...state, trayExpanded: !state.trayExpanded, panel: state.trayExpanded ? null : state.panel };
    case 'expanded':
      return { ...state, open: true, trayExpanded: true };
    case 'enhance-started':
      return { ...state, enhancing: true };
    case 'enhance-finished':
      return { ...state, enhancing: false, prompt: action.prompt ?? state.prompt };
    case 'draft-saving':
      return { ...state, savingDraft: action.saving };
    case 'story-photos-added':
      return { ...state, storyPhotos: [...state.storyPhotos, ...action.photos] };
    case 'story-photo-uploaded':
      return { ...state, storyPhotos: state.storyPhotos.map((p) => (p.id === action.id ? { ...p, url: action.url } : p)) };
    case 'story-photo-failed':
      return { ...state, storyPhotos: state.storyPhotos.map((p) => (p.id === action.id ? { ...p, failed: true } : p)) };
    case 'story-photo-removed':
      return { ...state, storyPhotos: state.storyPhotos.filter((p) => p.id !== action.id) };
    case 'run-started':
      return { ...state, open: false, panel: null, trayExpanded: false };
    case 'run-cleared': {
      // The photo (the selfie) and Story Time's photos stay for the next run (issue 26): only the
      // options go 1 s after the start, and the prompt and mode with the completion.
      const cleared = { ...state, panel: null, trayExpanded: false, enableVideo: false };
      return action.reason === 'completed' ? { ...cleared, prompt: '', mode: 'custom', open: false } : cleared;
    }
    case 'handed-remix': {
      const typed = state.prompt.trim();
      if (typed && typed !== DEFAULT_CUSTOM_PROMPT && typed !== action.prompt.trim()) return { ...state, pendingRemix: action.prompt };
      return { ...state, prompt: action.prompt, mode: 'custom', open: true, trayExpanded: true };
    }
    case 'remix-confirmed':
      if (state.pendingRemix === null) return state;
      return { ...state, prompt: state.pendingRemix, mode: 'custom', open: true, trayExpanded: true, pendingRemix: null };
    case 'remix-cancelled':
      return { ...state, pendingRemix: null };
    case 'handed-media':
      return {
        ...state,
        ...(action.mode ? { mode: action.mode } : {}),
        ...(action.prompt !== null ? { prompt: action.prompt } : {}),
        open: action.open,
        trayExpanded: true,
        media: {
          file: null,
          previewUrl: action.url,
          kind: action.kind,
          sourceUrl: action.secure ? action.url : null,
          width: null,
          height: null,
          ownsPreview: false,
        },
      };
  }
}
