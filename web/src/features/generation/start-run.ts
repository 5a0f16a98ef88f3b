import { INSUFFICIENT_CREDITS, PREFLIGHT_MIN_CREDITS, generationErrorToNotice, type Notice } from '@app/shared';
import { paths } from '../../config/paths';
import { credits } from '../../lib/count-text';
import { ApiError } from '../../api/api-error';
import { isAbortError, sleep } from '../../lib/scheduler';
import { destinationAfterStart } from './device';
import type { EngineContext, Run } from './engine-context';
import { POST_START_CLEANUP_MS, PRE_NAVIGATION_DELAY_MS } from './generation-timing';
import type { GenerateOptions, GenerateOutcome, GenerationRequest, GenerationRequestBody } from './generation-types';
import { validateGenerationRequest } from './validate-request';

export type Started = { kind: 'started'; run: Run; body: GenerationRequestBody; signal: AbortSignal } | { kind: 'ended'; outcome: GenerateOutcome };

/** The spec's 'No Credits' notice, with what the run needs and what is left when the server said. */
export function noCreditsNotice(what: string | null, required: number | null, available: number | null): Notice {
  const notice = generationErrorToNotice(INSUFFICIENT_CREDITS);
  if (required === null || available === null) return notice;
  return { title: notice.title, message: `${what ?? 'This creation'} needs ${credits(required)} — you have ${available}` };
}

/** What a 402 says the run needs and what is left (null when it does not say). */
export function shortfallOf(error: unknown): { required: number; available: number } | null {
  if (!(error instanceof ApiError) || error.status !== 402) return null;
  const body = error.body as { required?: unknown; available?: unknown } | undefined;
  return typeof body?.required === 'number' && typeof body.available === 'number' ? { required: body.required, available: body.available } : null;
}

/**
 * Not enough credits is known before anything happens: the server's quote for this request
 * (the same price as the charge). Without a quote (the call failed) the spec's preflight decides:
 * blocked below 2 credits. Null: go ahead.
 */
async function shortfall(context: EngineContext, request: GenerationRequest): Promise<{ required: number | null; available: number | null } | null> {
  const { api } = context.deps();
  try {
    const quote = await api.quote(request);
    context.store.dispatch({ type: 'local.balance', balance: quote.balance });
    return quote.enough ? null : { required: quote.cost, available: quote.balance };
  } catch (error) {
    if (isAbortError(error)) throw error;
  }
  let remaining: number | null = null;
  try {
    remaining = await api.getQuota();
  } catch {
    // An unreadable quota lets the server decide.
  }
  return remaining !== null && remaining < PREFLIGHT_MIN_CREDITS ? { required: null, available: remaining } : null;
}

/**
 * The start of spec 1 §4: checks the request and the credits (not enough: nothing is submitted,
 * nothing moves, the composer keeps its photos and text), marks the run as running, announces
 * it, closes the composer, waits 50 ms and navigates (/profile, or /gallery on a phone); 1 s
 * later the start spinner and the composer's options are cleared.
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
  const look = options.look ?? null;
  const short = await shortfall(context, checked.request);
  if (short) {
    context.toast('error', noCreditsNotice(look, short.required, short.available));
    return { kind: 'ended', outcome: { status: 'insufficient', ...short } };
  }

  const destination = destinationAfterStart(deps.isMobile());
  const runId = deps.createRunId();
  const userId = deps.getUserId();
  const mode = checked.mode;
  const run: Run = {
    runId,
    mode,
    look,
    request: checked.request,
    onOpen: options.onOpen ?? deps.onOpen ?? (() => navigate(destination)),
    ...(options.onComplete ? { onComplete: options.onComplete } : {}),
  };
  const body: GenerationRequestBody = { ...checked.request, runId, ...(userId ? { userId } : {}) };
  // An earlier run is not aborted: it goes stale, and only its credit error is still shown.
  const signal = begin(runId);
  const prompt = (mode === 'edit' ? checked.request.editPrompt : checked.request.prompt) ?? null;

  context.store.dispatch({ type: 'local.start', runId, mode, prompt, look, at: deps.now().getTime() });
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
    context.store.dispatch({ type: 'local.navigated', runId });
    context.announce('clear-composer-state', { runId, reason: 'started' });
    context.announce('reset-hidden-uploader', { runId });
    context.deps().composer?.clear('started');
  });
  return { kind: 'started', run, body, signal };
}

/** POST unified-generate; its 202 says what the run cost and the balance after the debit. */
export async function submitRun(context: EngineContext, run: Run, body: GenerationRequestBody, signal: AbortSignal): Promise<void> {
  const answer = await context.deps().api.submit(body, signal);
  context.store.dispatch({ type: 'local.accepted', runId: run.runId, cost: answer.cost, balance: answer.balance });
}
