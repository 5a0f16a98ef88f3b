import { enhancePromptLocally } from '@app/shared';
import type { Config } from '@app/shared/server/config';
import type { Logger } from '@app/shared/server/logger';

const SYSTEM_PROMPT =
  'You improve prompts for an image generation model. Keep the subject and every detail the user gave. ' +
  'Add style, lighting, lens and mood in a few vivid phrases. Answer with the improved prompt only, under 400 characters.';

/**
 * The magic wand: an OpenAI-compatible chat endpoint when configured, with the local
 * enhancer as the answer whenever that endpoint is absent, slow or failing.
 */
export class PromptEnhancer {
  constructor(
    private readonly remote: Config['promptEnhancer'],
    private readonly logger: Logger,
  ) {}

  async enhance(prompt: string, enhanceNegativePrompt: boolean): Promise<{ enhancedPrompt: string; negativePrompt?: string; source: 'remote' | 'local' }> {
    const local = enhancePromptLocally(prompt, { enhanceNegativePrompt });
    if (this.remote) {
      try {
        const enhancedPrompt = await this.askRemote(prompt);
        return { enhancedPrompt, ...(local.negativePrompt ? { negativePrompt: local.negativePrompt } : {}), source: 'remote' };
      } catch (error) {
        this.logger.warn({ err: error }, 'remote prompt enhancer failed; using the local one');
      }
    }
    return { enhancedPrompt: local.prompt, ...(local.negativePrompt ? { negativePrompt: local.negativePrompt } : {}), source: 'local' };
  }

  private async askRemote(prompt: string): Promise<string> {
    const remote = this.remote!;
    const res = await fetch(`${remote.url.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(remote.apiKey ? { Authorization: `Bearer ${remote.apiKey}` } : {}) },
      body: JSON.stringify({
        model: remote.model,
        temperature: 0.7,
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: prompt },
        ],
      }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`enhancer answered ${res.status}`);
    const body = (await res.json()) as { choices?: Array<{ message?: { content?: string } }> };
    const text = body.choices?.[0]?.message?.content?.trim().replace(/^"|"$/g, '');
    if (!text) throw new Error('enhancer answered no text');
    return text.slice(0, 600);
  }
}
