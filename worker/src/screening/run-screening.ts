import type { ScreeningClass, ScreeningThreshold } from '@app/shared/server/config';
import type { Screening } from '@app/shared/server/db';
import type { Logger } from '@app/shared/server/logger';
import type { UploadsRepository } from '@app/shared/server/repositories';
import type { Output } from '../pipeline/produce-output';
import type { ContentScreener, ScreeningScores } from './content-screener';
import { highestScores, screeningVerdict } from './verdict';
import { videoFrames } from './video-frames';

/** Why an item waits for review when the classifier failed on it (shown to its owner). */
export const UNSCREENED = 'unscreened';

/** A source photo the run used: its upload's public id and its bytes. */
export interface ScreenSource {
  publicId: string;
  data: Buffer;
}

/** What the screening adds to a run's media row. `is_public: false` only when it holds the item. */
export interface MediaModeration {
  moderation: 'clear' | 'review' | 'held';
  moderation_reason: string | null;
  /** media.screening as written (JSON); null when nothing was screened. */
  screening: string | null;
  is_public?: false;
}

export interface RunScreeningDeps {
  /** null: SCREENING=off, every item is clear. */
  screener: ContentScreener | null;
  thresholds: Record<ScreeningClass, ScreeningThreshold>;
  uploads: Pick<UploadsRepository, 'findByPublicId' | 'saveScreening'>;
  logger: Logger;
}

const NOT_SCREENED: MediaModeration = { moderation: 'clear', moderation_reason: null, screening: null };

/**
 * The screening of a run before its media row is written: the output image, three frames of each
 * clip, and the source photos it used (an upload keeps its scores, so it is classified once). The
 * worst verdict of them all decides: block → held and private, review → waits for an admin,
 * public → clear. A classifier that fails does not lose the run: the item waits for review.
 */
export class RunScreening {
  constructor(private readonly deps: RunScreeningDeps) {}

  async screen(runId: string, output: Output, sources: ScreenSource[]): Promise<MediaModeration> {
    const { screener, logger } = this.deps;
    if (!screener) return NOT_SCREENED;
    let all: ScreeningScores[];
    try {
      const outputs = await this.outputScores(screener, output);
      all = [...outputs, ...(await this.sourceScores(screener, sources))];
    } catch (error) {
      logger.warn({ err: error, runId }, 'screening failed: the item waits for review');
      return { moderation: 'review', moderation_reason: UNSCREENED, screening: null };
    }
    const scores = highestScores(all);
    const providerFlagged = output.still.flagged === true;
    const { verdict, reason } = screeningVerdict(scores, this.deps.thresholds, providerFlagged);
    const screening = JSON.stringify(this.record(screener, scores, verdict, providerFlagged));
    if (verdict !== 'public') logger.info({ runId, verdict, reason, scores }, 'screening holds the item');
    switch (verdict) {
      case 'block':
        return { moderation: 'held', moderation_reason: reason, screening, is_public: false };
      case 'review':
        return { moderation: 'review', moderation_reason: reason, screening };
      case 'public':
        return { moderation: 'clear', moderation_reason: null, screening };
    }
  }

  /** The still, and the first, middle and last frames of every clip made. */
  private async outputScores(screener: ContentScreener, output: Output): Promise<ScreeningScores[]> {
    const clips = output.videos ? output.videos.flatMap((clip) => ('video' in clip ? [clip.video] : [])) : output.video ? [output.video] : [];
    const images = [output.still.data];
    for (const clip of clips) images.push(...(await videoFrames(clip)));
    const scores: ScreeningScores[] = [];
    for (const image of images) scores.push((await screener.screen(image)).scores);
    return scores;
  }

  /** Each source's scores: stored on its upload by an earlier run, else classified and stored now. */
  private async sourceScores(screener: ContentScreener, sources: ScreenSource[]): Promise<ScreeningScores[]> {
    const all: ScreeningScores[] = [];
    for (const source of sources) {
      const stored = (await this.deps.uploads.findByPublicId(source.publicId))?.screening;
      if (stored) {
        all.push(stored.scores as ScreeningScores);
        continue;
      }
      const { scores } = await screener.screen(source.data);
      const { verdict } = screeningVerdict(scores, this.deps.thresholds);
      await this.deps.uploads.saveScreening(source.publicId, this.record(screener, scores, verdict, false));
      all.push(scores);
    }
    return all;
  }

  private record(screener: ContentScreener, scores: ScreeningScores, verdict: Screening['verdict'], providerFlagged: boolean): Screening {
    return { classifier: screener.classifier, scores, ...(providerFlagged ? { providerFlagged } : {}), verdict, screenedAt: new Date().toISOString() };
  }
}
