import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import type { RunPoll } from './generation-types';
import { deferred, done, failed, harness, media, PROCESSING } from '../../../testing/generation-test-helpers';
import { useFakeTimersInEachTest } from '../../../testing/fake-timers';

const CUSTOM = { mode: 'custom', prompt: '  a cat in space  ', sourceAssetId: 'https://cdn.example.com/src.png' };

describe('generation engine', () => {
  useFakeTimersInEachTest(0);

  describe('the generate sequence (spec 1 §4)', () => {
    it('announces the start, closes the composer, waits 50 ms, navigates, dispatches, and clears after 1 s', async () => {
      const h = harness();
      void h.engine.generate(CUSTOM);
      await vi.advanceTimersByTimeAsync(0);
      expect(h.log).toEqual(['api:quote', 'event:generation:start', 'event:close-composer']);
      // The composer is closed directly, not through the announced event.
      expect(h.composerCalls).toEqual(['close']);
      expect(h.named('generation:start')[0]!.detail).toEqual({ runId: 'run-0001', mode: 'custom', prompt: 'a cat in space' });
      expect(h.engine.getState()).toMatchObject({ current: 'run-0001', navigating: true, runs: { 'run-0001': { phase: 'starting', prompt: 'a cat in space' } } });

      await vi.advanceTimersByTimeAsync(49);
      expect(h.navigate).not.toHaveBeenCalled();
      expect(h.api.submit).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(h.navigate).toHaveBeenCalledWith('/profile');
      expect(h.log).toEqual(['api:quote', 'event:generation:start', 'event:close-composer', 'navigate:/profile', 'api:submit']);
      // The 202 says what it cost and what is left.
      expect(h.engine.getState()).toMatchObject({ balance: 18, runs: { 'run-0001': { phase: 'queued', cost: 2 } } });
      expect(h.api.submit.mock.calls[0]![0]).toEqual({
        mode: 'custom',
        prompt: 'a cat in space',
        sourceAssetId: 'https://cdn.example.com/src.png',
        runId: 'run-0001',
        userId: 'user-1',
        ipaThreshold: 0.65,
        ipaRetries: 2,
        ipaBlocking: true,
      });

      await vi.advanceTimersByTimeAsync(999);
      expect(h.named('clear-composer-state')).toEqual([]);
      expect(h.engine.getState().navigating).toBe(true);
      await vi.advanceTimersByTimeAsync(1);
      expect(h.named('clear-composer-state')).toEqual([
        { name: 'clear-composer-state', detail: { runId: 'run-0001', reason: 'started' }, at: 1050 },
      ]);
      expect(h.named('reset-hidden-uploader')).toEqual([
        { name: 'reset-hidden-uploader', detail: { runId: 'run-0001' }, at: 1050 },
      ]);
      expect(h.engine.getState()).toMatchObject({ navigating: false, current: 'run-0001' });
      expect(h.composerCalls).toEqual(['close', 'clear:started']);
      h.engine.dispose();
    });

    it('goes to /gallery on mobile', async () => {
      const h = harness({ isMobile: () => true });
      void h.engine.generate(CUSTOM);
      await vi.advanceTimersByTimeAsync(50);
      expect(h.navigate).toHaveBeenCalledWith('/gallery');
      h.engine.dispose();
    });

    it('sends a signed-out visitor to sign in, and does nothing else', async () => {
      const h = harness({ isSignedIn: () => false });
      await expect(h.engine.generate(CUSTOM)).resolves.toEqual({ status: 'signed-out' });
      expect(h.navigate).toHaveBeenCalledWith('/auth');
      expect(h.seen).toEqual([]);
      const onSignInRequired = vi.fn();
      await h.engine.generate(CUSTOM, { onSignInRequired });
      expect(onSignInRequired).toHaveBeenCalledTimes(1);
    });

    it('uses the navigate of the call when given', async () => {
      const h = harness();
      const navigate = vi.fn();
      void h.engine.generate(CUSTOM, { navigate });
      await vi.advanceTimersByTimeAsync(50);
      expect(navigate).toHaveBeenCalledWith('/profile');
      expect(h.navigate).not.toHaveBeenCalled();
      h.engine.dispose();
    });
  });

  describe('validation before the dispatch (spec 1 §5)', () => {
    it.each([
      [{ mode: 'remix', prompt: 'x', sourceAssetId: 'https://a/b.png' }, 'invalid-mode', { title: 'Invalid Mode', message: 'Try again with a valid option' }],
      [{ mode: 'preset', sourceAssetId: 'https://a/b.png' }, 'no-preset', { title: 'No Preset Selected', message: 'Select a preset and try again' }],
      [{ mode: 'preset', presetKey: 'gone', sourceAssetId: 'https://a/b.png' }, 'invalid-preset', { title: 'Invalid Preset', message: 'Select a valid preset and try again' }],
      [
        { mode: 'storytime', sourceAssetId: 'https://a/1.png', additionalImages: ['https://a/2.png'] },
        'not-enough-photos',
        { title: 'Not Enough Photos', message: 'Add at least 3 photos for Story Time' },
      ],
    ])('refuses %o with a toast', async (request, reason, notice) => {
      const h = harness();
      const outcome = await h.engine.generate(request);
      expect(outcome).toMatchObject({ status: 'invalid', reason });
      expect(h.toasts).toEqual([expect.objectContaining({ kind: 'error', ...notice })]);
      expect(h.seen).toEqual([]);
      expect(h.api.quote).not.toHaveBeenCalled();
      expect(h.engine.getState().current).toBe(null);
    });

    it.each([
      [{ mode: 'custom', prompt: '   ' }, 'empty-prompt'],
      [{ mode: 'unrealreflection', unrealReflectionPresetId: 'unreal_reflection_syndicate' }, 'no-source'],
      [{ mode: 'edit', prompt: 'make it blue' }, 'no-source'],
      [{ mode: 'unrealreflection', unrealReflectionPresetId: 'nope', sourceAssetId: 'https://a/b.png' }, 'invalid-request'],
    ])('aborts %o silently', async (request, reason) => {
      const h = harness();
      await expect(h.engine.generate(request)).resolves.toMatchObject({ status: 'invalid', reason });
      expect(h.toasts).toEqual([]);
      expect(h.seen).toEqual([]);
    });

    it('accepts a weekly preset that is loaded, and a catalogue preset that exists', async () => {
      const h = harness();
      void h.engine.generate({ mode: 'preset', presetKey: 'week_neon', sourceAssetId: 'https://a/b.png' });
      await vi.advanceTimersByTimeAsync(50);
      expect(h.api.submit.mock.calls[0]![0]).toMatchObject({ mode: 'preset', presetKey: 'week_neon' });
      void h.engine.generate({
        mode: 'unrealreflection',
        unrealReflectionPresetId: 'unreal_reflection_syndicate',
        sourceAssetId: 'https://a/b.png',
        enableVideo: true,
      });
      await vi.advanceTimersByTimeAsync(50);
      expect(h.api.submit.mock.calls[1]![0]).toMatchObject({ ipaThreshold: 0.65, ipaRetries: 3, ipaBlocking: true });
      h.engine.dispose();
    });
  });

  describe('the price of what Generate would run (quote-generation)', () => {
    it('asks the server for a complete request only: a look with no photo yet is not priced (its answer would be a 400)', async () => {
      const h = harness();
      h.api.quote.mockResolvedValue({ success: true, cost: 2, balance: 20, enough: true });
      await expect(h.engine.quote({ mode: 'unrealreflection', unrealReflectionPresetId: 'unreal_reflection_syndicate' })).resolves.toBeNull();
      expect(h.api.quote).not.toHaveBeenCalled();
      await expect(h.engine.quote(CUSTOM)).resolves.toMatchObject({ cost: 2, enough: true });
      expect(h.api.quote).toHaveBeenCalledTimes(1);
    });
  });

  describe('not enough credits: the quote, the preflight, the 402 (spec 1 §5, issue 26)', () => {
    it('the quote says not enough: nothing is submitted, nothing moves, no card; the notice says what it needs', async () => {
      const h = harness();
      h.api.quote.mockResolvedValueOnce({ success: true, cost: 15, balance: 14, enough: false });
      const outcome = await h.engine.generate(CUSTOM, { look: 'Story Time' });
      expect(outcome).toEqual({ status: 'insufficient', required: 15, available: 14 });
      await vi.advanceTimersByTimeAsync(10_000);
      expect(h.api.submit).not.toHaveBeenCalled();
      expect(h.navigate).not.toHaveBeenCalled();
      expect(h.composerCalls).toEqual([]);
      expect(h.seen).toEqual([]);
      expect(h.toasts).toEqual([expect.objectContaining({ kind: 'error', title: 'No Credits', message: 'Story Time needs 15 credits — you have 14' })]);
      expect(h.engine.getState()).toMatchObject({ runs: {}, current: null, balance: 14 });
    });

    it('without a quote, the spec preflight blocks below 2 credits with No Credits', async () => {
      const h = harness();
      h.api.quote.mockRejectedValueOnce(new ApiError(404));
      h.api.getQuota.mockResolvedValueOnce(1);
      await expect(h.engine.generate(CUSTOM)).resolves.toMatchObject({ status: 'insufficient' });
      expect(h.api.submit).not.toHaveBeenCalled();
      expect(h.navigate).not.toHaveBeenCalled();
      expect(h.toasts).toEqual([expect.objectContaining({ kind: 'error', title: 'No Credits', message: 'Wait for daily reset or upgrade your plan.' })]);
    });

    it('lets the server decide when neither the quote nor the quota can be read', async () => {
      const h = harness();
      h.api.quote.mockRejectedValueOnce(new ApiError(0));
      h.api.getQuota.mockRejectedValueOnce(new ApiError(0));
      void h.engine.generate(CUSTOM);
      await vi.advanceTimersByTimeAsync(50);
      expect(h.api.submit).toHaveBeenCalledTimes(1);
      h.engine.dispose();
    });

    it("a 402 of unified-generate leaves no card and says what the run needs from the answer's required/available", async () => {
      const h = harness();
      h.api.submit.mockRejectedValueOnce(new ApiError(402, 'INSUFFICIENT_CREDITS: Insufficient credits', 'INSUFFICIENT_CREDITS', { required: 15, available: 14 }));
      const outcome = h.engine.generate(CUSTOM, { look: 'Story Time' });
      await vi.advanceTimersByTimeAsync(50);
      await expect(outcome).resolves.toEqual({ status: 'insufficient', required: 15, available: 14 });
      expect(h.toasts.map((t) => [t.title, t.message])).toEqual([['No Credits', 'Story Time needs 15 credits — you have 14']]);
      expect(h.engine.getState()).toMatchObject({ runs: {}, current: null });
      expect(h.api.getMediaByRunId).not.toHaveBeenCalled();
    });
  });

  describe('dispatch errors (spec 1 §8)', () => {
    it.each([
      [new ApiError(400, 'Source must be a photo you uploaded'), 'Something went wrong', 'Please add/upload an image first.'],
      [new ApiError(400, 'Unknown generation mode'), 'Something went wrong', 'Please add/upload an image first.'],
      [new ApiError(500, 'Server error. Please try again.'), 'Server Error', 'Server error. Please try again.'],
      [new ApiError(429, 'Too many requests'), 'Something went wrong', 'Too many requests. Please wait a moment.'],
      [new ApiError(503, 'Server error: the queue is unavailable'), 'Server Error', 'Try again in a few minutes.'],
      [new ApiError(0), 'Network Error', 'Check your internet connection.'],
    ])('%s → %s / %s', async (error, title, message) => {
      const h = harness();
      h.api.submit.mockRejectedValueOnce(error);
      const outcome = h.engine.generate(CUSTOM);
      await vi.advanceTimersByTimeAsync(50);
      await expect(outcome).resolves.toMatchObject({ status: 'failed' });
      expect(h.toasts.map((t) => [t.kind, t.title, t.message])).toEqual([['error', title, message]]);
      expect(h.named('generation-error')[0]!.detail).toEqual({ message, mode: 'custom', runId: 'run-0001' });
      expect(h.named('generation:done')[0]!.detail).toMatchObject({ status: 'failed', success: false, resultUrl: null });
      expect(h.named('clear-generating-state')).toHaveLength(1);
    });
  });

  describe('polling (spec 1 §4, §9)', () => {
    it('polls every 5 s: 404, 404, then done → completed with every completion step', async () => {
      const h = harness();
      h.api.getMediaByRunId
        .mockResolvedValueOnce(PROCESSING)
        .mockResolvedValueOnce(PROCESSING)
        .mockResolvedValueOnce(done('run-0001'));
      const outcome = h.engine.generate(CUSTOM);
      await vi.advanceTimersByTimeAsync(50);
      await vi.advanceTimersByTimeAsync(4_999);
      expect(h.api.getMediaByRunId).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(h.api.getMediaByRunId).toHaveBeenCalledTimes(1);
      expect(h.api.getMediaByRunId.mock.calls[0]![0]).toBe('run-0001');
      await vi.advanceTimersByTimeAsync(5_000);
      expect(h.api.getMediaByRunId).toHaveBeenCalledTimes(2);
      expect(h.engine.getState().current).toBe('run-0001');
      await vi.advanceTimersByTimeAsync(5_000);
      expect(h.api.getMediaByRunId).toHaveBeenCalledTimes(3);
      const finished = 15_050;

      const result = await outcome;
      expect(result).toMatchObject({ status: 'completed', runId: 'run-0001' });
      if (result.status !== 'completed') throw new Error('not completed');
      const state = h.engine.getState();
      // The poll's answer became the run's done event; the balance read with it is the server's.
      expect(state).toMatchObject({ current: null, balance: 18, runs: { 'run-0001': { phase: 'done', prompt: 'a cat in space' } } });
      const { item } = result;
      expect(result.passed).toBe(true);
      expect(item).toMatchObject({
        id: 'media-run-0001',
        runId: 'run-0001',
        mediaType: 'photo',
        url: 'https://cdn.example.com/run-0001.png',
        thumbnailUrl: 'https://cdn.example.com/run-0001_thumb.png',
        status: 'completed',
        width: 832,
        height: 1216,
        isPublic: true,
        provider: 'local',
      });

      expect(h.named('generation:done')[0]).toMatchObject({
        detail: { runId: 'run-0001', status: 'completed', success: true, error: null, resultUrl: 'https://cdn.example.com/run-0001.png' },
        at: finished,
      });
      expect(h.named('generation-complete')[0]!.detail).toEqual({ record: item, resultUrl: item.url });
      expect(h.named('generation-success')[0]!.detail).toEqual({
        message: 'Your media is ready',
        mode: 'custom',
        thumbUrl: 'https://cdn.example.com/run-0001_thumb.png',
      });
      expect(h.named('generation-error')).toEqual([]);
      expect(h.named('clear-composer-state').map((e) => e.detail)).toEqual([
        { runId: 'run-0001', reason: 'started' },
        { runId: 'run-0001', reason: 'completed' },
      ]);

      const toast = h.toasts.at(-1)!;
      expect(toast).toMatchObject({ kind: 'ready', title: 'Your media is ready', message: 'Tap to open' });

      for (const name of ['refreshFeed', 'userMediaUpdated', 'refreshUserMedia']) expect(h.named(name)).toEqual([]);
      expect(h.invalidated).toEqual([]);
      await vi.advanceTimersByTimeAsync(499);
      expect(h.named('refreshFeed')).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      for (const name of ['refreshFeed', 'userMediaUpdated', 'refreshUserMedia']) {
        expect(h.named(name)).toEqual([{ name, detail: { runId: 'run-0001' }, at: finished + 500 }]);
      }
      // The feed and the profile refresh after 500 ms; the credits with the state, 3 s after a success.
      expect(h.invalidated).toEqual([{ key: ['feed'], at: finished + 500 }, { key: ['library'], at: finished + 500 }, { key: ['trending'], at: finished + 500 }]);
      await vi.advanceTimersByTimeAsync(2_499);
      expect(h.invalidated.map((entry) => entry.key)).not.toContainEqual(['quota']);
      await vi.advanceTimersByTimeAsync(1);
      expect(h.invalidated.slice(3)).toEqual([{ key: ['quota'], at: finished + 3_000 }, { key: ['drafts'], at: finished + 3_000 }]);
    });

    it('the ready toast opens the item through onOpen', async () => {
      const onOpen = vi.fn();
      const h = harness();
      h.api.getMediaByRunId.mockResolvedValueOnce(done('run-0001'));
      const onComplete = vi.fn();
      const outcome = h.engine.generate(CUSTOM, { onOpen, onComplete });
      await vi.advanceTimersByTimeAsync(5_050);
      const result = await outcome;
      if (result.status !== 'completed') throw new Error('not completed');
      expect(onComplete).toHaveBeenCalledWith(result.item);
      expect(onOpen).not.toHaveBeenCalled();
      h.toasts.at(-1)!.onClick!();
      expect(onOpen).toHaveBeenCalledWith(result.item);
    });

    it('times out after 72 attempts with the spec message', async () => {
      const h = harness();
      const outcome = h.engine.generate(CUSTOM);
      await vi.advanceTimersByTimeAsync(50 + 71 * 5_000);
      expect(h.api.getMediaByRunId).toHaveBeenCalledTimes(71);
      expect(h.engine.getState().current).toBe('run-0001');
      await vi.advanceTimersByTimeAsync(5_000);
      expect(h.api.getMediaByRunId).toHaveBeenCalledTimes(72);
      await expect(outcome).resolves.toMatchObject({ status: 'failed', error: 'Generation timed out. Please try again.' });
      expect(h.toasts.at(-1)).toMatchObject({
        kind: 'error',
        title: 'Generation Failed',
        message: 'Generation timed out. Please try again.',
      });
      expect(h.named('generation-error')[0]!.detail).toEqual({ message: 'Generation timed out. Please try again.', mode: 'custom', runId: 'run-0001' });
      await vi.advanceTimersByTimeAsync(60_000);
      expect(h.api.getMediaByRunId).toHaveBeenCalledTimes(72);
    });

    it('refreshes the state 1 s after a failure', async () => {
      const h = harness();
      h.api.getMediaByRunId.mockResolvedValueOnce(failed('run-0001', 'Generation failed: provider down'));
      const outcome = h.engine.generate(CUSTOM);
      await vi.advanceTimersByTimeAsync(5_050);
      await expect(outcome).resolves.toMatchObject({ status: 'failed' });
      expect(h.toasts.at(-1)).toMatchObject({ kind: 'error', title: 'Generation Failed', message: 'Generation failed: provider down' });
      expect(h.named('generation-error')[0]!.detail).toEqual({ message: 'Generation failed: provider down', mode: 'custom', runId: 'run-0001' });
      expect(h.api.findUserMediaByRunId).toHaveBeenCalledWith('user-1', 'run-0001', expect.anything());
      expect(h.engine.getState().runs['run-0001']).toMatchObject({ phase: 'failed', error: 'Generation failed: provider down' });
      await vi.advanceTimersByTimeAsync(999);
      expect(h.invalidated.map((entry) => entry.key)).not.toContainEqual(['quota']);
      await vi.advanceTimersByTimeAsync(1);
      expect(h.invalidated.map((entry) => entry.key)).toEqual([['feed'], ['library'], ['trending'], ['quota'], ['drafts']]);
    });

    it('keeps polling through a passing error, and stops on a 401', async () => {
      const h = harness();
      h.api.getMediaByRunId.mockRejectedValueOnce(new ApiError(500, 'Server error')).mockResolvedValueOnce(done('run-0001'));
      const outcome = h.engine.generate(CUSTOM);
      await vi.advanceTimersByTimeAsync(10_050);
      await expect(outcome).resolves.toMatchObject({ status: 'completed' });

      const h2 = harness();
      h2.api.getMediaByRunId.mockRejectedValueOnce(new ApiError(401, 'Unauthorized'));
      const second = h2.engine.generate(CUSTOM);
      await vi.advanceTimersByTimeAsync(5_050);
      await expect(second).resolves.toMatchObject({ status: 'failed' });
      expect(h2.toasts.at(-1)).toMatchObject({ title: 'Authentication Error', message: 'Please sign in to continue.' });
    });
  });

  describe('identity check failure (spec 1 §4)', () => {
    it('a failed run with an image is completed with success false and its note', async () => {
      const h = harness();
      h.api.getMediaByRunId.mockResolvedValueOnce(
        failed('run-0001', "Didn't pass identity check", { metadata: { provider: 'local', identity: { applicable: true, passed: false, score: 0.4, threshold: 0.65, attempts: 3 } } }),
      );
      const outcome = h.engine.generate(CUSTOM);
      await vi.advanceTimersByTimeAsync(5_050);
      const result = await outcome;
      expect(result).toMatchObject({ status: 'completed', passed: false, item: { status: 'failed', identity: { passed: false }, url: 'https://cdn.example.com/run-0001.png' } });
      expect(h.toasts.at(-1)).toMatchObject({ kind: 'ready', title: 'Image generated', message: "Didn't pass identity check - tap to view" });
      expect(h.named('generation-complete')).toHaveLength(1);
      expect(h.named('generation:done')[0]!.detail).toMatchObject({
        status: 'completed',
        success: false,
        error: null,
        resultUrl: 'https://cdn.example.com/run-0001.png',
      });
      expect(h.named('generation-success')).toEqual([]);
      expect(h.named('generation-error')).toEqual([]);

      expect(h.engine.getState().runs['run-0001']!.phase).toBe('done');
    });

    it('finds the image through the getUserMedia fallback when the failed answer lost it', async () => {
      const h = harness();
      h.api.getMediaByRunId.mockResolvedValueOnce(failed('run-0001', "Didn't pass identity check"));
      h.api.findUserMediaByRunId.mockResolvedValueOnce(media('run-0001', { status: 'failed' }));
      const outcome = h.engine.generate(CUSTOM);
      await vi.advanceTimersByTimeAsync(5_050);
      await expect(outcome).resolves.toMatchObject({ status: 'completed', passed: false });
      expect(h.toasts.at(-1)).toMatchObject({ title: 'Image generated' });
    });
  });

  describe('stale runs (spec 1 §4)', () => {
    it("ignores a late result of an earlier run; the latest run's result applies", async () => {
      const h = harness();
      const late = deferred<RunPoll>();
      h.api.getMediaByRunId.mockImplementation(async (runId) => (runId === 'run-0001' ? late.promise : PROCESSING));
      const first = h.engine.generate(CUSTOM);
      await vi.advanceTimersByTimeAsync(5_050);
      expect(h.api.getMediaByRunId).toHaveBeenCalledWith('run-0001', expect.anything());

      const second = h.engine.generate({ ...CUSTOM, prompt: 'a dog' });
      await vi.advanceTimersByTimeAsync(50);
      late.resolve(done('run-0001'));
      await expect(first).resolves.toEqual({ status: 'stale', runId: 'run-0001' });
      expect(h.engine.getState()).toMatchObject({ current: 'run-0002', runs: { 'run-0002': { prompt: 'a dog' } } });
      expect(h.named('generation-complete')).toEqual([]);
      expect(h.toasts).toEqual([]);

      h.api.getMediaByRunId.mockImplementation(async (runId) => (runId === 'run-0002' ? done('run-0002') : PROCESSING));
      await vi.advanceTimersByTimeAsync(5_000);
      await expect(second).resolves.toMatchObject({ status: 'completed', runId: 'run-0002' });
      expect(h.named('generation-complete').map((e) => (e.detail as { record: { runId: string } }).record.runId)).toEqual(['run-0002']);
      // The stale run is not polled again.
      expect(h.api.getMediaByRunId.mock.calls.filter((call) => call[0] === 'run-0001')).toHaveLength(1);
    });

    /** A first run whose submit hangs until `failFirst`, made stale by a second run started 50 ms later. */
    async function startStaleRun() {
      const h = harness();
      const firstSubmit = deferred<never>();
      h.api.submit.mockImplementationOnce(() => firstSubmit.promise);
      const first = h.engine.generate(CUSTOM);
      await vi.advanceTimersByTimeAsync(50);
      const second = h.engine.generate({ ...CUSTOM, prompt: 'a dog' });
      await vi.advanceTimersByTimeAsync(50);
      return { h, first, second, failFirst: (error: ApiError) => firstSubmit.reject(error) };
    }

    it('still shows INSUFFICIENT_CREDITS of a stale run', async () => {
      const { h, first, second, failFirst } = await startStaleRun();
      failFirst(new ApiError(402, 'INSUFFICIENT_CREDITS', 'INSUFFICIENT_CREDITS'));
      await expect(first).resolves.toEqual({ status: 'stale', runId: 'run-0001' });
      expect(h.toasts).toEqual([
        expect.objectContaining({ kind: 'error', title: 'No Credits', message: 'Wait for daily reset or upgrade your plan.' }),
      ]);
      expect(h.named('generation-error')).toEqual([]);
      expect(h.engine.getState()).toMatchObject({ current: 'run-0002' });
      h.engine.dispose();
      await expect(second).resolves.toMatchObject({ status: 'cancelled' });
    });

    it('ignores any other error of a stale run', async () => {
      const { h, first, failFirst } = await startStaleRun();
      failFirst(new ApiError(500, 'Server error'));
      await expect(first).resolves.toEqual({ status: 'stale', runId: 'run-0001' });
      expect(h.toasts).toEqual([]);
      h.engine.dispose();
    });
  });

  describe('cancel', () => {
    it('stops polling and clears the generating state quietly', async () => {
      const h = harness();
      const outcome = h.engine.generate(CUSTOM);
      await vi.advanceTimersByTimeAsync(5_050);
      expect(h.api.getMediaByRunId).toHaveBeenCalledTimes(1);
      h.engine.cancel();
      await expect(outcome).resolves.toEqual({ status: 'cancelled', runId: 'run-0001' });
      expect(h.engine.getState().current).toBe(null);
      expect(h.named('clear-generating-state')).toEqual([
        { name: 'clear-generating-state', detail: { runId: 'run-0001' }, at: 5_050 },
      ]);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(h.api.getMediaByRunId).toHaveBeenCalledTimes(1);
      expect(h.toasts).toEqual([]);
    });

    it('before the navigation: nothing is dispatched', async () => {
      const h = harness();
      const outcome = h.engine.generate(CUSTOM);
      await vi.advanceTimersByTimeAsync(0);
      h.engine.cancel();
      await expect(outcome).resolves.toEqual({ status: 'cancelled', runId: 'run-0001' });
      await vi.advanceTimersByTimeAsync(10_000);
      expect(h.navigate).not.toHaveBeenCalled();
      expect(h.api.submit).not.toHaveBeenCalled();
    });
  });

  it('notifies store subscribers', async () => {
    const h = harness();
    const listener = vi.fn();
    h.engine.subscribe(listener);
    void h.engine.generate(CUSTOM);
    await vi.advanceTimersByTimeAsync(0);
    expect(listener).toHaveBeenCalled();
    h.engine.dispose();
  });
});
