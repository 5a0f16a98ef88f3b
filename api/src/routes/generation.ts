import { type RequestHandler, Router } from 'express';
import { PROMPT_MAX_LENGTH, runIdSchema, safeText } from '@app/shared';
import { z } from 'zod';
import { currentUser } from '../http/authenticate';
import { parseInput } from '../http/validation';
import type { GenerationService } from '../services/generation.service';
import type { PromptEnhancer } from '../services/prompt-enhancer';
import type { WeeklyPresetsService } from '../services/weekly-presets.service';

const magicWandRequest = z.object({
  prompt: safeText({ multiline: true }).trim().min(1, { error: 'Enter a prompt to enhance' }).max(PROMPT_MAX_LENGTH),
  enhanceNegativePrompt: z.boolean().optional().default(false),
});

/** unified-generate, getMediaByRunId, get-presets, magic-wand. */
export function generationRoutes(
  generation: GenerationService,
  presets: WeeklyPresetsService,
  enhancer: PromptEnhancer,
  requireUser: RequestHandler,
): Router {
  const router = Router();

  router.post('/unified-generate', requireUser, async (req, res) => {
    res.status(202).json(await generation.submit(currentUser(req), req.body ?? {}));
  });

  // A runId no run can have (every run is created under a valid one) is a 400, not the
  // 404 that means "still processing" (spec 1 §7): a client must not poll it for minutes.
  router.get('/getMediaByRunId', requireUser, async (req, res) => {
    const { runId } = parseInput(z.object({ runId: runIdSchema }), req.query);
    res.json(await generation.byRunId(currentUser(req), runId));
  });

  router.get('/get-presets', async (_req, res) => {
    const { presets: list, currentWeek } = await presets.current();
    res.json({ success: true, data: { presets: list }, currentWeek });
  });

  router.post('/magic-wand', requireUser, async (req, res) => {
    const { prompt, enhanceNegativePrompt } = parseInput(magicWandRequest, req.body);
    const result = await enhancer.enhance(prompt, enhanceNegativePrompt);
    res.json({ success: true, enhancedPrompt: result.enhancedPrompt, ...(result.negativePrompt ? { negativePrompt: result.negativePrompt } : {}) });
  });

  return router;
}
