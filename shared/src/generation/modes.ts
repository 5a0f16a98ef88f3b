import { COST_IMAGE, COST_VIDEO } from '../constants';
import type { PresetType } from '../preset-types';
import type { ClientMode, ServiceMode } from './types';

/** Spec 1 §5: the modes the client dispatches. */
export const CLIENT_MODES = [
  'preset',
  'custom',
  'unrealreflection',
  'ghiblireact',
  'cyber-siren',
  'parallelself',
  'storytime',
  'edit',
] as const satisfies readonly ClientMode[];

/** Spec 1 §5: the modes the service runs. */
export const SERVICE_MODES = [
  'presets',
  'custom-prompt',
  'unreal-reflection',
  'parallel-self',
  'ghibli-reaction',
  'cyber-siren',
  'story-time',
  'edit-photo',
] as const satisfies readonly ServiceMode[];

/** Client mode → service mode. */
export const CLIENT_TO_SERVICE_MODE: Record<ClientMode, ServiceMode> = {
  preset: 'presets',
  custom: 'custom-prompt',
  unrealreflection: 'unreal-reflection',
  ghiblireact: 'ghibli-reaction',
  'cyber-siren': 'cyber-siren',
  parallelself: 'parallel-self',
  storytime: 'story-time',
  edit: 'edit-photo',
};

/** Service mode → client mode (the inverse table). */
export const SERVICE_TO_CLIENT_MODE: Record<ServiceMode, ClientMode> = {
  presets: 'preset',
  'custom-prompt': 'custom',
  'unreal-reflection': 'unrealreflection',
  'ghibli-reaction': 'ghiblireact',
  'cyber-siren': 'cyber-siren',
  'parallel-self': 'parallelself',
  'story-time': 'storytime',
  'edit-photo': 'edit',
};

export function isClientMode(value: unknown): value is ClientMode {
  return typeof value === 'string' && Object.hasOwn(CLIENT_TO_SERVICE_MODE, value);
}

export function isServiceMode(value: unknown): value is ServiceMode {
  return typeof value === 'string' && Object.hasOwn(SERVICE_TO_CLIENT_MODE, value);
}

/** A client mode (or an already-normalised service mode) → its service mode; undefined if unknown. */
export function toServiceMode(mode: string): ServiceMode | undefined {
  if (isClientMode(mode)) return CLIENT_TO_SERVICE_MODE[mode];
  if (isServiceMode(mode)) return mode;
  return undefined;
}

/** Service mode → preset type as stored on media (keys of PRESET_TYPE_LABELS). */
export const SERVICE_MODE_PRESET_TYPE: Record<ServiceMode, PresetType> = {
  presets: 'presets',
  'custom-prompt': 'custom_prompt',
  'unreal-reflection': 'unreal_reflection',
  'parallel-self': 'parallel_self',
  'ghibli-reaction': 'ghibli_reaction',
  'cyber-siren': 'cyber_siren',
  'story-time': 'story_time',
  'edit-photo': 'edit',
};

export function presetTypeOf(mode: ServiceMode): PresetType {
  return SERVICE_MODE_PRESET_TYPE[mode];
}

/** The request fields that carry a preset id. */
export type PresetIdField =
  | 'presetKey'
  | 'unrealReflectionPresetId'
  | 'ghibliReactionPresetId'
  | 'cyberSirenPresetId'
  | 'storyTimePresetId'
  | 'parallelSelfPresetId';

/** Which request field carries the preset id per service mode (null: the mode takes none). */
export const PRESET_ID_FIELD: Record<ServiceMode, PresetIdField | null> = {
  presets: 'presetKey',
  'custom-prompt': null,
  'unreal-reflection': 'unrealReflectionPresetId',
  'parallel-self': 'parallelSelfPresetId',
  'ghibli-reaction': 'ghibliReactionPresetId',
  'cyber-siren': 'cyberSirenPresetId',
  'story-time': 'storyTimePresetId',
  'edit-photo': null,
};

/** Identity-check (IPA) settings of one run. */
export interface IdentitySettings {
  /** Minimum face similarity (cosine, 0..1) an output needs. */
  threshold: number;
  /** Further attempts after the first when an output is below the threshold. */
  retries: number;
  /** Always true: a run waits for the check before finishing. */
  blocking: true;
}

/** Spec 1 §9: the identity check per service mode. */
export const IDENTITY_SETTINGS: Record<ServiceMode, IdentitySettings> = {
  'custom-prompt': { threshold: 0.65, retries: 2, blocking: true },
  presets: { threshold: 0.65, retries: 2, blocking: true },
  'unreal-reflection': { threshold: 0.75, retries: 3, blocking: true },
  'parallel-self': { threshold: 0.75, retries: 3, blocking: true },
  'ghibli-reaction': { threshold: 0.6, retries: 2, blocking: true },
  'cyber-siren': { threshold: 0.75, retries: 3, blocking: true },
  'edit-photo': { threshold: 0.65, retries: 2, blocking: true },
  'story-time': { threshold: 0.7, retries: 3, blocking: true },
};

/** Spec 1 §9: the default (any mode without its own line, story time included). */
export const DEFAULT_IDENTITY_SETTINGS: IdentitySettings = { threshold: 0.7, retries: 3, blocking: true };

/** Unreal Reflection's threshold when the still is animated (spec 1 §9). */
export const UNREAL_REFLECTION_VIDEO_THRESHOLD = 0.65;

/** The identity check of a mode; an unknown mode gets the default. */
export function identitySettings(mode: ServiceMode | string, options: { enableVideo?: boolean } = {}): IdentitySettings {
  const settings = isServiceMode(mode) ? IDENTITY_SETTINGS[mode] : DEFAULT_IDENTITY_SETTINGS;
  if (mode === 'unreal-reflection' && options.enableVideo === true) {
    return { ...settings, threshold: UNREAL_REFLECTION_VIDEO_THRESHOLD };
  }
  return { ...settings };
}

/** Default prompt of custom mode (spec 1 §1), e.g. the composer's starting text. */
export const DEFAULT_CUSTOM_PROMPT = 'Transform this image';
/** Studio's prompt when the person typed none (spec 1 §5). */
export const DEFAULT_EDIT_PROMPT = 'Edit this photo';

/** Spec 1 §3: a Story Time request needs at least this many photos. */
export const STORY_TIME_MIN_IMAGES = 3;

/** What `generationCost` needs of a request. */
export interface CostInput {
  serviceMode: ServiceMode;
  enableVideo?: boolean;
  /** All source photos, the first included (Story Time makes one video per photo). */
  sources?: readonly string[];
}

/**
 * Credits a request reserves: an image costs COST_IMAGE (2); a request whose result is a video
 * (`enableVideo`) costs COST_VIDEO (5); Story Time costs COST_VIDEO per photo (one video each).
 * `prices`: the table to charge by; a client passes the one get-app-info served, so what it shows
 * before a request can be quoted (no photo yet) is the server's table under the server's rule.
 */
export function generationCost(request: CostInput, prices: PriceTable = PRICES): number {
  if (request.serviceMode === 'story-time') {
    return prices.storyPerPhoto * Math.max(1, request.sources?.length ?? 0);
  }
  return request.enableVideo === true ? prices.video : prices.image;
}

/**
 * The price table `generationCost` charges by (get-app-info serves it for display): an image, a
 * video (`enableVideo`), Story Time per photo (at least `storyMinPhotos` photos).
 */
export const PRICES = {
  image: COST_IMAGE,
  video: COST_VIDEO,
  storyPerPhoto: COST_VIDEO,
  storyMinPhotos: STORY_TIME_MIN_IMAGES,
} as const;
export type PriceTable = { [K in keyof typeof PRICES]: number };
