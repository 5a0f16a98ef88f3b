import { RUN_CANCELED } from '@app/shared/server/generation/cancel-requests';
import type { Job } from 'bullmq';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { GenerationPipeline } from '../pipeline/generation-pipeline';
import { PermanentGenerationError } from '../pipeline/ports';
import { ProviderCanceledError } from '../providers/remote/remote-job';
import { INTERNAL_FAILURE, failureStage, failureText, generateHandler } from './generation';

describe('failureText', () => {
  it('passes on texts written for people', () => {
    expect(failureText(new PermanentGenerationError('The source photo is no longer available'))).toBe(
      'Generation failed: The source photo is no longer available',
    );
    expect(failureText(new Error('Generation failed: no clip could be made'))).toBe('Generation failed: no clip could be made');
    expect(failureText(Object.assign(new Error('aborted'), { name: 'TimeoutError' }))).toBe('Timeout: the AI service took too long');
  });

  it('never passes on a database or system message', () => {
    const fromPostgres = Object.assign(new Error('duplicate key value violates unique constraint "media_pkey"'), { code: '23505' });
    expect(failureText(fromPostgres)).toBe(INTERNAL_FAILURE);
    expect(failureText(new Error('ENOSPC: no space left on device, write'))).toBe(INTERNAL_FAILURE);
    expect(failureText('a string')).toBe(INTERNAL_FAILURE);
  });
});

describe('generateHandler and a cancel', () => {
  const job = { attemptsMade: 0, opts: { attempts: 3 }, updateProgress: async () => undefined } as unknown as Job;
  const runId = 'run_0000000000000001' as never;

  function pipelineThat(run: (options: { signal?: AbortSignal }) => Promise<'done' | 'failed' | 'skipped'>) {
    const failed: Array<{ error: string; stage: string }> = [];
    const pipeline = { run: (_runId: string, options: { signal?: AbortSignal }) => run(options), fail: async (_id: string, error: string, stage: string) => void failed.push({ error, stage }) } as unknown as GenerationPipeline;
    return { pipeline, failed };
  }

  it('ends a run canceled before a worker took it without running it', async () => {
    let ran = false;
    const { pipeline, failed } = pipelineThat(async () => {
      ran = true;
      return 'done';
    });
    const handler = generateHandler(pipeline, pino({ level: 'silent' }), { isRequested: async () => true }, 10);
    await expect(handler({ runId }, job)).rejects.toThrow(RUN_CANCELED);
    expect(ran).toBe(false);
    expect(failed).toEqual([{ error: RUN_CANCELED, stage: 'canceled' }]);
  });

  it('stops the run in hand when the cancel arrives, and settles it canceled', async () => {
    let asked = false;
    const { pipeline, failed } = pipelineThat(
      ({ signal }) =>
        new Promise((_resolve, reject) => {
          // What the remote driver does with the run's stop: cancel at the provider, then fail canceled.
          signal?.addEventListener('abort', () => reject(new ProviderCanceledError('fal')));
          asked = true;
        }),
    );
    const handler = generateHandler(pipeline, pino({ level: 'silent' }), { isRequested: async () => asked }, 10);
    await expect(handler({ runId }, job)).rejects.toThrow(RUN_CANCELED);
    expect(failed).toEqual([{ error: RUN_CANCELED, stage: 'canceled' }]);
    expect(failureStage(new ProviderCanceledError('fal'))).toBe('canceled');
  });
});
