import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiSession } from '../../api/client';
import { createGenerationApi, enhancePrompt } from './generation-api';
import { fetchWeeklyPresets } from '../../entities/preset/weekly-presets-api';
import { media } from '../../../testing/generation-test-helpers';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const TOKEN = 'aaa.bbb.ccc';

/** A media item as getMediaByRunId answers it (the shared schema's shape). */
const RUN_MEDIA = media('run-12345678', { id: 'm1', url: 'https://x/y.png' });

describe('generation api (through the authenticated request helper)', () => {
  let fetchMock: ReturnType<typeof vi.fn<(url: string, init: RequestInit) => Promise<Response>>>;

  beforeEach(() => {
    configureApiSession({ read: () => ({ accessToken: TOKEN, refreshToken: null }), store: () => {}, expire: () => {} });
    fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads the quota: remaining', async () => {
    const api = createGenerationApi();
    fetchMock.mockResolvedValueOnce(json(200, { success: true, remaining: 7, currentBalance: 7, dailyTopUp: { level: 20, nextAt: '2026-12-02T00:00:00.000Z' } }));
    await expect(api.getQuota()).resolves.toBe(7);
    expect(fetchMock.mock.calls[0]![0]).toBe('/.netlify/functions/getQuota');
    expect(new Headers(fetchMock.mock.calls[0]![1].headers).get('Authorization')).toBe(`Bearer ${TOKEN}`);
    // The shared schema makes the server name both; an answer without them is refused.
    fetchMock.mockResolvedValueOnce(json(200, { success: true, currentBalance: 1 }));
    await expect(api.getQuota()).rejects.toMatchObject({ status: 502 });
  });

  it('posts the request to unified-generate', async () => {
    const api = createGenerationApi();
    fetchMock.mockResolvedValueOnce(json(202, { success: true, jobId: 'run-12345678', runId: 'run-12345678', status: 'processing', cost: 2, balance: 18 }));
    const answer = await api.submit({ mode: 'custom', prompt: 'x', runId: 'run-12345678' });
    expect(answer).toMatchObject({ status: 'processing', runId: 'run-12345678', cost: 2, balance: 18 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/.netlify/functions/unified-generate');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ mode: 'custom', prompt: 'x', runId: 'run-12345678' });
  });

  it('reads a 404 of getMediaByRunId as processing, then the 200 answer', async () => {
    const api = createGenerationApi();
    fetchMock
      .mockResolvedValueOnce(json(404, { success: false, error: 'Still processing', code: 'PROCESSING' }))
      .mockResolvedValueOnce(json(200, { success: true, status: 'done', runId: 'run-12345678', media: RUN_MEDIA, balance: 16 }));
    await expect(api.getMediaByRunId('run-12345678')).resolves.toEqual({ kind: 'processing' });
    expect(fetchMock.mock.calls[0]![0]).toBe('/.netlify/functions/getMediaByRunId?runId=run-12345678');
    // The answer is the run's done event, with the shared media as it came.
    await expect(api.getMediaByRunId('run-12345678')).resolves.toMatchObject({
      kind: 'ended',
      event: { type: 'run.done', runId: 'run-12345678', media: RUN_MEDIA, balance: 16 },
    });
  });

  it("reads getMediaByRunId's 202 processing answer as processing", async () => {
    const api = createGenerationApi();
    fetchMock.mockResolvedValueOnce(json(202, { success: true, status: 'processing', runId: 'run-12345678' }));
    await expect(api.getMediaByRunId('run-12345678')).resolves.toEqual({ kind: 'processing' });
  });

  it('reads a 200 with success false as an answer (the failed event), keeping its image', async () => {
    const api = createGenerationApi();
    fetchMock.mockResolvedValueOnce(json(200, { success: false, status: 'failed', runId: 'run-12345678', error: 'Generation failed: provider down', balance: 20 }));
    await expect(api.getMediaByRunId('run-12345678')).resolves.toMatchObject({
      kind: 'ended',
      event: { type: 'run.failed', runId: 'run-12345678', error: 'Generation failed: provider down', refunded: 0, balance: 20 },
    });
    fetchMock.mockResolvedValueOnce(
      json(200, { success: false, status: 'failed', runId: 'run-12345678', error: "Didn't pass identity check", media: { ...RUN_MEDIA, status: 'failed' }, balance: 18 }),
    );
    await expect(api.getMediaByRunId('run-12345678')).resolves.toMatchObject({
      kind: 'ended',
      event: { type: 'run.done', media: { id: 'm1', url: 'https://x/y.png', status: 'failed' } },
    });
  });

  it('refuses a done answer of another shape', async () => {
    const api = createGenerationApi();
    fetchMock.mockResolvedValueOnce(json(200, { success: true, status: 'done', runId: 'run-12345678', media: { id: 'm1' } }));
    await expect(api.getMediaByRunId('run-12345678')).rejects.toMatchObject({ status: 502 });
  });

  it('rethrows other failures of getMediaByRunId', async () => {
    const api = createGenerationApi();
    fetchMock.mockResolvedValueOnce(json(500, { success: false, error: 'Server error' }));
    await expect(api.getMediaByRunId('run-1')).rejects.toMatchObject({ status: 500 });
  });

  it('the getUserMedia fallback finds the item of the run by its runId and tolerates a missing endpoint', async () => {
    const api = createGenerationApi();
    fetchMock.mockResolvedValueOnce(json(404, { success: false, error: 'No route' }));
    await expect(api.findUserMediaByRunId('u1', 'run-1')).resolves.toBeNull();
    expect(fetchMock.mock.calls[0]![0]).toBe('/.netlify/functions/getUserMedia?userId=u1&limit=50');

    // getUserMedia items as the shared schema has them: the run id in runId or in the metadata.
    const { created_at: _createdAt, ...userMedia } = RUN_MEDIA;
    const item = (id: string, runId: string | null, metadata: Record<string, unknown>) => ({
      ...userMedia,
      id,
      runId,
      type: 'custom_prompt',
      finalUrl: `https://x/${id}.png`,
      thumbnailUrl: `https://x/${id}t.png`,
      metadata,
    });
    const answer = (items: unknown[]) => json(200, { success: true, items, total: items.length, hasMore: false });
    fetchMock.mockResolvedValueOnce(answer([item('other', 'run-0', {}), item('mine', 'run-1', {})]));
    await expect(api.findUserMediaByRunId('u1', 'run-1')).resolves.toMatchObject({
      id: 'mine',
      runId: 'run-1',
      finalUrl: 'https://x/mine.png',
      thumbnailUrl: 'https://x/minet.png',
      status: 'completed',
    });
    fetchMock.mockResolvedValueOnce(answer([]));
    await expect(api.findUserMediaByRunId('u1', 'run-1')).resolves.toBeNull();
  });

  it('loads the weekly presets, parsed with the shared schema', async () => {
    fetchMock.mockResolvedValueOnce(
      json(200, {
        success: true,
        data: { presets: [{ id: 'a', key: 'a', label: 'A', prompt: 'pa' }, { id: 'b', key: 'b', label: 'B', prompt: 'pb' }] },
        currentWeek: '2025-W01',
      }),
    );
    await expect(fetchWeeklyPresets()).resolves.toEqual({
      presets: [
        { id: 'a', key: 'a', label: 'A', prompt: 'pa' },
        { id: 'b', key: 'b', label: 'B', prompt: 'pb' },
      ],
      currentWeek: '2025-W01',
    });
    expect(fetchMock.mock.calls[0]![0]).toBe('/.netlify/functions/get-presets');
    expect(new Headers(fetchMock.mock.calls[0]![1].headers).get('Authorization')).toBeNull();
    // An answer of another shape is refused, not half read.
    fetchMock.mockResolvedValueOnce(json(200, { success: true, data: { presets: [{ key: 1 }] }, currentWeek: '2025-W01' }));
    await expect(fetchWeeklyPresets()).rejects.toMatchObject({ status: 502 });
  });

  it('enhances a prompt, and words a failure as the spec says', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { success: true, enhancedPrompt: ' a vivid cat ' }));
    await expect(enhancePrompt('cat')).resolves.toBe('a vivid cat');
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body as string)).toEqual({ prompt: 'cat', enhanceNegativePrompt: false });
    fetchMock.mockResolvedValueOnce(json(200, { success: true, enhancedPrompt: '  ' }));
    await expect(enhancePrompt('cat')).resolves.toBeNull();
    fetchMock.mockResolvedValueOnce(json(500, { success: false, error: 'boom' }));
    await expect(enhancePrompt('cat')).rejects.toThrow('Magic Wand failed: 500 Internal Server Error - boom');
  });
});
