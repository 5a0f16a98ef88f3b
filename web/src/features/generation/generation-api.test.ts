import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiSession } from '../../api/client';
import { createGenerationApi, enhancePrompt, fetchWeeklyPresets, matchesRunId } from './generation-api';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const TOKEN = 'aaa.bbb.ccc';

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

  it('reads the quota: remaining, else currentBalance', async () => {
    const api = createGenerationApi();
    fetchMock.mockResolvedValueOnce(json(200, { success: true, remaining: 7, currentBalance: 7 }));
    await expect(api.getQuota()).resolves.toBe(7);
    expect(fetchMock.mock.calls[0]![0]).toBe('/.netlify/functions/getQuota');
    expect(new Headers(fetchMock.mock.calls[0]![1].headers).get('Authorization')).toBe(`Bearer ${TOKEN}`);
    fetchMock.mockResolvedValueOnce(json(200, { success: true, currentBalance: 1 }));
    await expect(api.getQuota()).resolves.toBe(1);
  });

  it('posts the request to unified-generate', async () => {
    const api = createGenerationApi();
    fetchMock.mockResolvedValueOnce(json(202, { success: true, jobId: 'run-12345678', runId: 'run-12345678', status: 'processing' }));
    const answer = await api.submit({ mode: 'custom', prompt: 'x', runId: 'run-12345678' });
    expect(answer).toMatchObject({ status: 'processing', runId: 'run-12345678' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/.netlify/functions/unified-generate');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ mode: 'custom', prompt: 'x', runId: 'run-12345678' });
  });

  it('reads a 404 of getMediaByRunId as processing, then the 200 answer', async () => {
    const api = createGenerationApi();
    fetchMock
      .mockResolvedValueOnce(json(404, { success: false, error: 'Still processing', code: 'PROCESSING' }))
      .mockResolvedValueOnce(
        json(200, { success: true, status: 'done', runId: 'run-1', media: { id: 'm1', type: 'image', url: 'https://x/y.png' } }),
      );
    await expect(api.getMediaByRunId('run-1')).resolves.toEqual({ kind: 'processing' });
    expect(fetchMock.mock.calls[0]![0]).toBe('/.netlify/functions/getMediaByRunId?runId=run-1');
    await expect(api.getMediaByRunId('run-1')).resolves.toEqual({
      kind: 'answer',
      answer: { success: true, status: 'done', runId: 'run-1', media: { id: 'm1', type: 'image', url: 'https://x/y.png' } },
    });
  });

  it('reads a 200 with success false as a failed answer', async () => {
    const api = createGenerationApi();
    fetchMock.mockResolvedValueOnce(json(200, { success: false, status: 'failed', error: 'Generation failed: provider down' }));
    await expect(api.getMediaByRunId('run-1')).resolves.toEqual({
      kind: 'answer',
      answer: { success: false, status: 'failed', runId: 'run-1', error: 'Generation failed: provider down' },
    });
  });

  it('rethrows other failures of getMediaByRunId', async () => {
    const api = createGenerationApi();
    fetchMock.mockResolvedValueOnce(json(500, { success: false, error: 'Server error' }));
    await expect(api.getMediaByRunId('run-1')).rejects.toMatchObject({ status: 500 });
  });

  it('the getUserMedia fallback matches every run id field and tolerates a missing endpoint', async () => {
    const api = createGenerationApi();
    fetchMock.mockResolvedValueOnce(json(404, { success: false, error: 'No route' }));
    await expect(api.findUserMediaByRunId('u1', 'run-1')).resolves.toBeNull();
    expect(fetchMock.mock.calls[0]![0]).toBe('/.netlify/functions/getUserMedia?userId=u1&limit=50');

    for (const field of ['runId', 'run_id', 'stability_job_id', 'falJobId', 'stabilityJobId']) {
      fetchMock.mockResolvedValueOnce(
        json(200, {
          success: true,
          items: [
            { id: 'other', [field]: 'run-0', final_url: 'https://x/0.png' },
            { id: 'mine', [field]: 'run-1', final_url: 'https://x/1.png', thumbnail_url: 'https://x/1t.png', status: 'completed' },
          ],
        }),
      );
      await expect(api.findUserMediaByRunId('u1', 'run-1')).resolves.toMatchObject({
        id: 'mine',
        runId: 'run-1',
        finalUrl: 'https://x/1.png',
        thumbnailUrl: 'https://x/1t.png',
        status: 'completed',
      });
    }
    fetchMock.mockResolvedValueOnce(json(200, { success: true, items: [] }));
    await expect(api.findUserMediaByRunId('u1', 'run-1')).resolves.toBeNull();
  });

  it('matchesRunId looks in the metadata too', () => {
    expect(matchesRunId({ metadata: { runId: 'r' } }, 'r')).toBe(true);
    expect(matchesRunId({ runId: 'x' }, 'r')).toBe(false);
  });

  it('loads the weekly presets', async () => {
    fetchMock.mockResolvedValueOnce(
      json(200, {
        success: true,
        data: { presets: [{ id: 'a', key: 'a', label: 'A', prompt: 'pa' }, { key: 'b', label: 'B', prompt: 'pb' }, { key: 1 }] },
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
  });

  it('enhances a prompt, and words a failure as the spec says', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { success: true, enhancedPrompt: ' a vivid cat ' }));
    await expect(enhancePrompt('cat')).resolves.toBe('a vivid cat');
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body as string)).toEqual({ prompt: 'cat', enhanceNegativePrompt: false });
    fetchMock.mockResolvedValueOnce(json(200, { success: true }));
    await expect(enhancePrompt('cat')).resolves.toBeNull();
    fetchMock.mockResolvedValueOnce(json(500, { success: false, error: 'boom' }));
    await expect(enhancePrompt('cat')).rejects.toThrow('Magic Wand failed: 500 Internal Server Error - boom');
  });
});
