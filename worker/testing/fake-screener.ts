import { SCREENING_CLASSES } from '@app/shared/server/config';
import type { ContentScreener, ScreeningScores } from '../src/screening/content-screener';

/** Scores with every class at 0 but the ones given (a plain photo: Neutral 1). */
export function scores(some: Partial<ScreeningScores> = { Neutral: 1 }): ScreeningScores {
  return { ...(Object.fromEntries(SCREENING_CLASSES.map((name) => [name, 0])) as ScreeningScores), ...some };
}

/**
 * A classifier for tests: answers the queued scores (or failures) in order, then a plain photo's
 * scores for every further image; `screened` counts the images it was shown.
 */
export class FakeScreener implements ContentScreener {
  readonly classifier = 'fake';
  screened = 0;
  closed = false;
  private readonly answers: Array<ScreeningScores | Error> = [];

  answer(...answers: Array<Partial<ScreeningScores> | Error>): this {
    this.answers.push(...answers.map((a) => (a instanceof Error ? a : scores(a))));
    return this;
  }

  async screen(): Promise<{ scores: ScreeningScores }> {
    this.screened += 1;
    const next = this.answers.shift() ?? scores();
    if (next instanceof Error) throw next;
    return { scores: next };
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}
