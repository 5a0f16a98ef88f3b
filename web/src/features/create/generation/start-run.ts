import { PREFLIGHT_MIN_CREDITS } from '@app/shared';
import { paths } from '../../../config/paths';
import { isAbortError, sleep } from '../upload/scheduler';
import { destinationAfterStart } from './device';
import type { EngineContext, Run } from './engine-context';
import { InsufficientCreditsError } from './error-notices';
import { POST_START_CLEANUP_MS, PRE_NAVIGATION_DELAY_MS } from './generation-timing';
import type { GenerateOptions, GenerateOutcome, GenerationRequest, GenerationRequestBody, SubmitAnswer } from './generation-types';
import { validateGenerationRequest } from './validate-request';

export type Started = { kind: 'started'; run: Run; body: GenerationRequestBody; signal: AbortSignal } | { kind: 'ended'; outcome: GenerateOutcome };

/**
 * The start of spec 1 §4: checks the request, marks the run as running, announces it, closes
 * the composer, waits 50 ms and navigates (/profile, or /gallery on a phone); 1 s later the
 * start spinner and the composer's file are cleared.
 */
export async function startRun(
  context: EngineContext,
  request: GenerationRequest,
  options: GenerateOptions,
  begin: (runId: string) => AbortSignal,
): Promise<Started> {
  const deps = context.deps();
  const navigate = options.navigate ?? deps.navigate;
  if (!deps.isSignedIn()) {
    (options.onSignInRequired ?? deps.onSignInRequired ?? (() => navigate(paths.auth.getHref())))();
    return { kind: 'ended', outcome: { status: 'signed-out' } };
  }
  const checked = validateGenerationRequest(request, { weeklyPresets: deps.getWeeklyPresets() });
  if (!checked.ok) {
    if (checked.notice) context.toast('error', checked.notice);
    return { kind: 'ended', outcome: { status: 'invalid', reason: checked.reason, message: checked.message } };
  }

  const destination = destinationAfterStart(deps.isMobile());
  const runId = deps.createRunId();
  const userId = deps.getUserId();
  const mode = checked.mode;
  const run: Run = {
    runId,
    mode,
    request: checked.request,
    onOpen: options.onOpen ?? deps.onOpen ?? (() => navigate(destination)),
    ...(options.onComplete ? { onComplete: options.onComplete } : {}),
  };
  const body: GenerationRequestBody = { ...checked.request, runId, ...(userId ? { userId } : {}) };
  // An earlier run is not aborted: it goes stale, and only its credit error is still shown.
  const signal = begin(runId);
  const prompt = (mode === 'edit' ? checked.request.editPrompt : checked.request.prompt) ?? null;

  context.store.set((state) => ({
    ...state,
    isGenerating: true,
    isNavigating: true,
    phase: 'processing',
    runId,
    jobId: null,
    mode,
    error: null,
    running: { key: runId, runId, mode, prompt, startedAt: deps.now().getTime() },
  }));
  context.announce('generation:start', { runId, mode, prompt });
  context.announce('close-composer', { runId });
  deps.composer?.close();
  try {
    await sleep(PRE_NAVIGATION_DELAY_MS, { timers: deps.timers, signal });
  } catch {
    return { kind: 'ended', outcome: { status: 'cancelled', runId } };
  }
  navigate(destination);
  context.later(POST_START_CLEANUP_MS, () => {
    context.store.set((state) => (state.runId === runId ? { ...state, isNavigating: false } : state));
    context.announce('clear-composer-state', { runId, reason: 'started' });
    context.announce('reset-hidden-uploader', { runId });
    context.deps().composer?.clear('started');
  });
  return { kind: 'started', run, body, signal };
}

/** Spec 1 §5: blocked below 2 credits. An unreadable quota lets the server decide. */
async function preflight(context: EngineContext, signal: AbortSignal): Promise<void> {
  let remaining: number | null;
  try {
    remaining = await context.deps().api.getQuota(signal);
  } catch (error) {
    if (signal.aborted || isAbortError(error)) throw error;
    remaining = null;
  }
  if (remaining !== null && remaining < PREFLIGHT_MIN_CREDITS) throw new InsufficientCreditsError();
}

/** The preflight, then POST unified-generate; the answer's job id is kept for the current run. */
export async function submitRun(context: EngineContext, run: Run, body: GenerationRequestBody, signal: AbortSignal): Promise<SubmitAnswer> {
  await preflight(context, signal);
  const answer = await context.deps().api.submit(body, signal);
  if (context.isCurrent(run.runId)) context.store.set((state) => ({ ...state, jobId: answer.jobId ?? answer.runId ?? run.runId }));
  return answer;
}
