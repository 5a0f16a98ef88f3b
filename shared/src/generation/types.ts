/** Shapes of generation shared by the web client, the api and the workers (spec 1 §3, §5). */

declare const runIdBrand: unique symbol;
/**
 * The id of one generation run, from the client's request to the media it made. The same value
 * is the BullMQ job id (`jobId` only at that boundary, and in the 202 answer the spec fixes).
 * Made only by `runIdSchema` (a checked id) or `newRunId()`.
 */
export type RunId = string & { readonly [runIdBrand]: true };

/** Modes as the client dispatches them. */
export type ClientMode = 'preset' | 'custom' | 'unrealreflection' | 'ghiblireact' | 'cyber-siren' | 'parallelself' | 'storytime' | 'edit';

/** Modes as the service runs them. */
export type ServiceMode =
  | 'presets'
  | 'custom-prompt'
  | 'unreal-reflection'
  | 'parallel-self'
  | 'ghibli-reaction'
  | 'cyber-siren'
  | 'story-time'
  | 'edit-photo';

export type AspectRatio = '1:1' | '4:5' | '3:4' | '2:3' | '9:16' | '16:9' | '4:3';

/** A hard-coded preset with every field of spec 1 §3. */
export interface PresetDefinition {
  id: string;
  label: string;
  prompt: string;
  negative_prompt: string;
  strength: number;
  model: string;
  mode: 'i2i';
  input: 'image';
  requiresSource: boolean;
  /** The group the preset belongs to (its mode's catalogue). */
  source: string;
  guidance_scale: number;
  num_inference_steps: number;
  /** Tags describing the look; they also become the media's tags. */
  features: string[];
  prompt_upsampling: boolean;
  safety_tolerance: number;
  output_format: 'jpeg' | 'png' | 'webp';
  raw: boolean;
  image_prompt_strength?: number;
  aspect_ratio: AspectRatio;
  /** Colorcore: the prompt is drawn from `basePrompt` with its placeholders filled at random. */
  isRandomized?: boolean;
  basePrompt?: string;
}

/** A weekly preset as the presets service serves it. */
export interface WeeklyPreset {
  /** Equal to `key`: spec 3 keys presets (and the guide's descriptions) by id. */
  id: string;
  key: string;
  label: string;
  prompt: string;
}
