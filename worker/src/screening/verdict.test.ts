import { parseConfig } from '@app/shared/server/config';
import { describe, expect, it } from 'vitest';
import { scores } from '../../testing/fake-screener';
import { PROVIDER_FLAGGED, highestScores, screeningVerdict, worseVerdict } from './verdict';

const thresholds = parseConfig({ NODE_ENV: 'test' }).screening.thresholds;

describe('screeningVerdict (default thresholds)', () => {
  it('passes a plain photo, a drawing and a beach portrait below "review"', () => {
    expect(screeningVerdict(scores({ Neutral: 0.97, Porn: 0.03 }), thresholds)).toEqual({ verdict: 'public', reason: null });
    expect(screeningVerdict(scores({ Drawing: 0.99 }), thresholds)).toEqual({ verdict: 'public', reason: null });
    expect(screeningVerdict(scores({ Sexy: 0.79, Neutral: 0.21 }), thresholds).verdict).toBe('public');
  });

  it('reviews from the review threshold on, and blocks from the block threshold on', () => {
    expect(screeningVerdict(scores({ Porn: 0.6, Neutral: 0.4 }), thresholds)).toEqual({ verdict: 'review', reason: 'Porn' });
    expect(screeningVerdict(scores({ Porn: 0.85, Neutral: 0.15 }), thresholds)).toEqual({ verdict: 'block', reason: 'Porn' });
    expect(screeningVerdict(scores({ Hentai: 0.9 }), thresholds)).toEqual({ verdict: 'block', reason: 'Hentai' });
    // "Sexy" has no block threshold by default: however sure, it waits for review.
    expect(screeningVerdict(scores({ Sexy: 0.99 }), thresholds)).toEqual({ verdict: 'review', reason: 'Sexy' });
  });

  it('names the highest-scoring class of the worst level', () => {
    expect(screeningVerdict(scores({ Porn: 0.62, Sexy: 0.38 }), thresholds)).toEqual({ verdict: 'review', reason: 'Porn' });
    expect(screeningVerdict(scores({ Porn: 0.5, Hentai: 0.5 }), { ...thresholds, Porn: { review: 0.4, block: 0.45 } })).toEqual({ verdict: 'block', reason: 'Porn' });
  });

  it('blocks whatever the scores when the provider flagged the image', () => {
    expect(screeningVerdict(scores({ Neutral: 1 }), thresholds, true)).toEqual({ verdict: 'block', reason: PROVIDER_FLAGGED });
  });

  it('takes each class at its highest over several images, so the worst image decides', () => {
    const all = [scores({ Neutral: 1 }), scores({ Porn: 0.9, Neutral: 0.1 }), scores({ Sexy: 0.85, Neutral: 0.15 })];
    expect(highestScores(all)).toEqual({ Drawing: 0, Hentai: 0, Neutral: 1, Porn: 0.9, Sexy: 0.85 });
    expect(screeningVerdict(highestScores(all), thresholds).verdict).toBe('block');
    expect(worseVerdict('review', 'public')).toBe('review');
    expect(worseVerdict('review', 'block')).toBe('block');
  });
});
