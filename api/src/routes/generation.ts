import { type RequestHandler, Router } from 'express';
import { getMediaByRunIdRequest, magicWandRequest, type PresetsAnswer } from '@app/shared/api/generation';
import { inSpan } from '@app/shared/server/tracing';
import { currentSession, inLiveSession } from '../http/authenticate';
import { logAsRoutine } from '../http/request-logging';
import { parseInput } from '../http/validation';
import type { GenerationService } from '../services/generation.service';
import type { PromptEnhancer } from '../services/prompt-enhancer';
import type { WeeklyPresetsService } from '../services/weekly-presets.service';

/** unified-generate, quote-generation, getMediaByRunId, get-presets, magic-wand. */
export function generationRoutes(
  generation: GenerationService,
  presets: WeeklyPresetsService,
  enhancer: PromptEnhancer,
  auth: {
    /** `authenticate({ require: 'user' })`. */
    signedIn: RequestHandler;
    /**
     * `{ require: 'session', apiKey: 'generate' }`, for unified-generate and quote-generation, which read the account in their own
     * first query (one round trip fewer); an API key with the 'generate' scope is taken too (issue 45 §1).
     */
    session: RequestHandler;
    /**
     * `{ require: 'session', alongside: true, apiKey: 'read' }`, for getMediaByRunId, which reads the account with the run while the
     * session's denylist is read; an API key with the 'read' scope is taken too.
     */
    sessionAlongside: RequestHandler;
  },
): Router {
  const router = Router();

  router.post('/unified-generate', auth.session, async (req, res) => {
    // The root of the run's trace (issue 44): its context travels in the job to the worker.
    res.status(202).json(await inSpan('unified-generate', {}, () => generation.submit(currentSession(req).userId, req.body ?? {})));
  });

  // What a body would cost, nothing charged: the same session check and body as unified-generate.
  router.post('/quote-generation', auth.session, async (req, res) => {
    res.json(await generation.quote(currentSession(req).userId, req.body ?? {}));
  });

  // A runId no run can have (every run is created under a valid one) is a 400, not the
  // 404 a client reads as "still processing" (spec 1 §7): it must not poll it for minutes.
  // A run still processing is a 202 (no error a browser would log on every poll).
  // Polled every few seconds by each open page: one query (the account and the run) beside Redis.
  router.get('/getMediaByRunId', auth.sessionAlongside, async (req, res) => {
    const answer = await inLiveSession(req, async ({ userId }) => {
      const parsed = getMediaByRunIdRequest.safeParse(req.query);
      if (parsed.success) return generation.byRunId(userId, parsed.data.runId);
      // Who may not ask hears that first, as from `authenticate({ require: 'user' })`, before what is wrong with the request.
      await generation.accountOf(userId);
      throw parsed.error;
    });
    if (answer.status === 'processing') {
      logAsRoutine(res);
      res.status(202);
    }
    res.json(answer);
  });

  router.get('/get-presets', async (_req, res) => {
    const { presets: list, currentWeek } = await presets.current();
    const answer: PresetsAnswer = { success: true, data: { presets: list }, currentWeek };
    res.json(answer);
  });

  router.post('/magic-wand', auth.signedIn, async (req, res) => {
    const { prompt, enhanceNegativePrompt } = parseInput(magicWandRequest, req.body);
    const result = await enhancer.enhance(prompt, enhanceNegativePrompt);
    res.json({ success: true, enhancedPrompt: result.enhancedPrompt, ...(result.negativePrompt ? { negativePrompt: result.negativePrompt } : {}) });
  });

  return router;
}
