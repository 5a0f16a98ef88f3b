import type { CallResponse } from '@app/shared/api/define-call';
import type { RunTimelineLine, adminRunTimelineCall } from '@app/shared/api/admin';
import type { GenerationRun, RunPass, RunStep } from '@app/shared/server/db';
import type { RepositoryPorts } from './repository-ports';
import { noSuch } from './service-errors';

export type RunTimeline = Omit<CallResponse<typeof adminRunTimelineCall>, 'success'>;

/**
 * A run's timeline for the admin (issue 44): where its time went, from the submit to the settlement,
 * built from what the run recorded — its times, and each worker pass's steps — so it reads the same
 * with or without a tracing backend, and links to the trace when one is configured.
 */
export class RunTimelineService {
  constructor(
    private readonly repos: RepositoryPorts<{ runs: 'find' }>,
    /** TRACE_URL_TEMPLATE: `{traceId}` is replaced. */
    private readonly traceUrlTemplate: string | null,
  ) {}

  async timeline(runId: string): Promise<RunTimeline> {
    const run = await this.repos.runs.find(runId);
    if (!run) throw noSuch('run');
    const traceId = run.timeline?.find((pass) => pass.traceId)?.traceId ?? null;
    return {
      runId: run.run_id,
      mode: run.mode,
      provider: run.provider,
      status: run.status,
      error: run.error,
      totalMs: run.finished_at ? run.finished_at.getTime() - run.created_at.getTime() : null,
      lines: timelineLines(run, new Date()),
      traceId,
      traceUrl: traceId && this.traceUrlTemplate ? this.traceUrlTemplate.replaceAll('{traceId}', traceId) : null,
    };
  }
}

/** The run's lines in time order: the submit, the wait for a worker, each pass step by step, the end. */
export function timelineLines(run: GenerationRun, now: Date): RunTimelineLine[] {
  const since = (at: Date) => at.getTime() - run.created_at.getTime();
  const passes = run.timeline ?? [];
  const firstStart = passes[0] ? new Date(passes[0].startedAt) : run.started_at;
  const lines: RunTimelineLine[] = [{ label: 'Submitted', detail: run.mode, atMs: 0, ms: null, depth: 0, tone: 'moment' }];
  if (firstStart) lines.push({ label: 'Waiting for a worker', detail: '', atMs: 0, ms: since(firstStart), depth: 0, tone: 'wait' });
  else if (run.status === 'processing') lines.push({ label: 'Waiting for a worker', detail: 'still waiting', atMs: 0, ms: since(now), depth: 0, tone: 'wait' });

  for (const [index, pass] of passes.entries()) lines.push(...passLines(pass, since(new Date(pass.startedAt)), passes.length > 1 ? index + 1 : null));
  if (passes.length === 0 && run.identity_scores) {
    // A run from before timelines were kept: its scores are all it says of its attempts.
    const { threshold, scores } = run.identity_scores;
    const detail = `scores ${scores.map((score) => (score === null ? '—' : score.toFixed(2))).join(', ')} against ${threshold.toFixed(2)}`;
    lines.push({ label: `${scores.length} identity ${scores.length === 1 ? 'attempt' : 'attempts'}`, detail, atMs: firstStart ? since(firstStart) : 0, ms: null, depth: 1, tone: 'moment' });
  }

  if (run.finished_at) {
    const failed = run.status === 'failed';
    lines.push({ label: failed ? endLabel(run.stage) : 'Done', detail: run.error ?? '', atMs: since(run.finished_at), ms: null, depth: 0, tone: failed ? 'failed' : 'moment' });
  }
  return lines;
}

function endLabel(stage: string): string {
  if (stage === 'canceled') return 'Canceled';
  if (stage === 'expired') return 'Past its deadline';
  if (stage === 'moderated') return 'Blocked by the provider';
  return 'Failed';
}

/** One worker pass: each step, with the provider's queue wait and making time as lines of their own. */
function passLines(pass: RunPass, atMs: number, passNumber: number | null): RunTimelineLine[] {
  const lines: RunTimelineLine[] = [];
  for (const step of pass.steps) {
    const at = atMs + step.offsetMs;
    const depth = step.depth;
    const label = step.name === 'generation.run' ? (passNumber ? `Worker, pass ${passNumber}` : 'On the worker') : stepLabel(step);
    lines.push({ label, detail: step.error ?? stepDetail(step), atMs: at, ms: step.ms, depth, tone: step.error ? 'failed' : 'work' });
    if (step.name !== 'provider.generate') continue;
    const queued = numberFact(step, 'provider.queue_ms');
    const making = numberFact(step, 'provider.run_ms');
    if (queued !== undefined) lines.push({ label: 'In the provider’s queue', detail: '', atMs: at, ms: queued, depth: depth + 1, tone: 'wait' });
    if (making !== undefined) lines.push({ label: 'Being made', detail: '', atMs: at + (queued ?? 0), ms: making, depth: depth + 1, tone: 'work' });
  }
  return lines;
}

function stepLabel(step: RunStep): string {
  const { facts } = step;
  switch (step.name) {
    case 'generation.attempt':
      return `Attempt ${String(facts.attempt ?? '')}`.trim();
    case 'provider.generate':
      return `Image from ${String(facts.provider ?? 'the provider')}`;
    case 'provider.submit':
      return `Sent to ${String(facts.provider ?? 'the provider')}${Number(facts.try) > 1 ? ` (try ${String(facts.try)})` : ''}`;
    case 'video.make':
      return `Video from ${String(facts.provider ?? 'the provider')}`;
    case 'identity.check':
      return 'Identity check';
    case 'screening':
      return 'Content screening';
    case 'storage.write':
      return 'Stored';
    case 'settle':
      return 'Settled';
    default:
      return step.name;
  }
}

function stepDetail(step: RunStep): string {
  const { facts } = step;
  if (step.name === 'identity.check') {
    if (facts['identity.applicable'] === false) return 'not applicable';
    const score = numberFact(step, 'identity.score');
    const threshold = numberFact(step, 'identity.threshold');
    if (score === undefined || threshold === undefined) return '';
    return `score ${score.toFixed(2)} against ${threshold.toFixed(2)}: ${facts['identity.passed'] ? 'passed' : 'below'}`;
  }
  if (step.name === 'provider.generate' || step.name === 'video.make') return typeof facts.model === 'string' ? facts.model : '';
  if (step.name === 'generation.run' && typeof facts.outcome === 'string') return facts.outcome;
  return '';
}

function numberFact(step: RunStep, key: string): number | undefined {
  const value = step.facts[key];
  return typeof value === 'number' ? value : undefined;
}
