import {
  type CatalogueMode,
  CLIENT_MODES,
  CLIENT_TO_SERVICE_MODE,
  type ClientMode,
  DEFAULT_CUSTOM_PROMPT,
  PRESET_LOOKS,
  PRESET_ID_FIELD,
  PRESET_TYPE_LABELS,
  presetTypeOf,
  type PresetIdField,
  type WeeklyPreset,
} from '@app/shared';
import type { GenerationRequest } from '../generation';

/** The modes whose look comes from a list of presets (a dropdown panel each). */
export type PresetMode = 'unrealreflection' | 'parallelself' | 'ghiblireact' | 'cyber-siren' | 'preset' | 'storytime';

export const PRESET_MODES: readonly PresetMode[] = ['unrealreflection', 'parallelself', 'ghiblireact', 'cyber-siren', 'preset', 'storytime'];

/** The modes reached from the More menu (Upload, Studio, Unreal Reflection and Parallel Self have their own buttons). */
export const MORE_MODES: readonly PresetMode[] = ['ghiblireact', 'cyber-siren', 'preset', 'storytime'];

export function isPresetMode(mode: ClientMode): mode is PresetMode {
  return (PRESET_MODES as readonly string[]).includes(mode);
}

/** A mode's name as people see it: the spec's preset type label (spec 1 §9) of its service mode. */
export const MODE_LABELS = Object.fromEntries(
  CLIENT_MODES.map((mode) => [mode, PRESET_TYPE_LABELS[presetTypeOf(CLIENT_TO_SERVICE_MODE[mode])]]),
) as Readonly<Record<ClientMode, string>>;

/** The request field that carries a preset mode's id (the shared map of the service modes). */
export function presetField(mode: PresetMode): PresetIdField {
  return PRESET_ID_FIELD[CLIENT_TO_SERVICE_MODE[mode]] as PresetIdField;
}

export interface PresetOption {
  id: string;
  label: string;
  /** A few words about the look (its tags, or the weekly prompt). */
  hint: string | null;
}

/** The presets a mode's panel lists (weekly presets as loaded; none until then). */
export function presetOptions(mode: PresetMode, weekly: readonly WeeklyPreset[] | null): PresetOption[] {
  if (mode === 'preset') return (weekly ?? []).map((preset) => ({ id: preset.key, label: preset.label, hint: null }));
  return PRESET_LOOKS[CLIENT_TO_SERVICE_MODE[mode] as CatalogueMode].map((preset) => ({
    id: preset.id,
    label: preset.label,
    hint: preset.features.slice(0, 3).join(' · ') || null,
  }));
}

export function findPresetOption(mode: PresetMode, id: string | null | undefined, weekly: readonly WeeklyPreset[] | null): PresetOption | null {
  if (!id) return null;
  return presetOptions(mode, weekly).find((option) => option.id === id) ?? null;
}

/** A mode button's text: the selected preset's label replaces the mode's name (spec 1 §2). */
export function modeButtonLabel(mode: PresetMode, selectedId: string | null | undefined, weekly: readonly WeeklyPreset[] | null): string {
  return findPresetOption(mode, selectedId, weekly)?.label ?? MODE_LABELS[mode];
}

export type SelectedPresets = Partial<Record<PresetMode, string>>;

/**
 * The name a run goes by on its card and in its notices: the look picked ('The Syndicate'),
 * Story Time as a whole, or null for the person's own prompt (the card shows the prompt).
 */
export function lookName(mode: ClientMode, presets: SelectedPresets, weekly: readonly WeeklyPreset[] | null): string | null {
  if (mode === 'custom' || mode === 'edit') return null;
  if (mode === 'storytime') return MODE_LABELS.storytime;
  return modeButtonLabel(mode, presets[mode], weekly);
}

/** What the composer knows when it builds a request. */
export interface ComposerDraft {
  mode: ClientMode;
  prompt: string;
  hasFile: boolean;
  sourceUrl: string | null;
  sourceWidth: number | null;
  sourceHeight: number | null;
  presets: SelectedPresets;
  additionalImages: readonly string[];
  enableVideo: boolean;
}

/** The generation request of spec 1 §3 for the composer's mode. */
export function buildRequest(draft: ComposerDraft, presetId?: string): GenerationRequest {
  const request: GenerationRequest = { mode: draft.mode };
  if (draft.sourceUrl) request.sourceAssetId = draft.sourceUrl;
  if (draft.sourceWidth) request.sourceWidth = draft.sourceWidth;
  if (draft.sourceHeight) request.sourceHeight = draft.sourceHeight;
  const prompt = draft.prompt.trim();
  if (draft.mode === 'custom') request.prompt = prompt;
  else if (draft.mode === 'edit') {
    request.editPrompt = prompt;
    request.prompt = prompt;
  }
  if (isPresetMode(draft.mode)) {
    const id = presetId ?? draft.presets[draft.mode];
    if (id) request[presetField(draft.mode)] = id;
  }
  if (draft.mode === 'storytime') request.additionalImages = [...draft.additionalImages];
  else if (draft.enableVideo) request.enableVideo = true;
  return request;
}

/**
 * Spec 1 §5: Generate is disabled in Studio without a file or a prompt, in custom mode without
 * a prompt, in Cyber Siren without a preset, and while the app navigates after a start.
 */
export function isGenerateDisabled(draft: Pick<ComposerDraft, 'mode' | 'prompt' | 'hasFile' | 'presets'>, isNavigating: boolean): boolean {
  if (isNavigating) return true;
  const blank = draft.prompt.trim() === '';
  if (draft.mode === 'edit') return !draft.hasFile || blank;
  if (draft.mode === 'custom') return blank;
  if (draft.mode === 'cyber-siren') return !draft.presets['cyber-siren'];
  return false;
}

/** The enhance button (spec 1 §5): off while generating, for a blank prompt, or while enhancing. */
export function isEnhanceDisabled(prompt: string, isGenerating: boolean, isEnhancing: boolean): boolean {
  return isGenerating || isEnhancing || prompt.trim() === '';
}

export { DEFAULT_CUSTOM_PROMPT };
