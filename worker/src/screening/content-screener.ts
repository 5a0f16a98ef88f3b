import type { ScreeningClass } from '@app/shared/server/config';

/** Each class's score (0..1) for one image. */
export type ScreeningScores = Record<ScreeningClass, number>;

/**
 * What the pipeline needs from an image classifier: scores for one encoded image (PNG, JPEG,
 * WebP...). The nsfwjs model behind it runs on a thread of its own (threaded-screener.ts).
 */
export interface ContentScreener {
  /** Which model made the scores, stored beside them (media.screening.classifier). */
  readonly classifier: string;
  /** Rejects when the image cannot be decoded or the model fails. */
  screen(image: Buffer): Promise<{ scores: ScreeningScores }>;
  /** Frees the model (later `screen` calls reject). */
  close(): Promise<void>;
}
