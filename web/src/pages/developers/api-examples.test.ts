import { parseGenerationRequest } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { apiExamples, EXAMPLE_WEBHOOK_URL } from './api-examples';

/** The JSON body of a curl example: what sits between -d ' and the closing quote. */
function bodyOf(code: string): unknown {
  const body = /-d '([\s\S]*)'\s*$/.exec(code)?.[1];
  if (body === undefined) throw new Error(`no body in ${code}`);
  return JSON.parse(body);
}

describe('the API guide’s examples', () => {
  const examples = apiExamples('https://mirrorverse.example');

  it('call the site they are read on, each with the key as a bearer token', () => {
    expect(examples.submit.code).toContain('curl -X POST https://mirrorverse.example/api/unified-generate');
    expect(examples.poll.code).toContain('https://mirrorverse.example/api/getMediaByRunId?runId=my-first-run-0001');
    expect(examples.stream.code).toContain('curl -N https://mirrorverse.example/api/run-events');
    expect(examples.credits.code).toContain('https://mirrorverse.example/api/getQuota');
    for (const id of ['submit', 'poll', 'stream', 'webhook', 'credits'] as const) {
      expect(examples[id].code).toContain('-H "Authorization: Bearer $MIRRORVERSE_API_KEY"');
    }
  });

  it('send bodies the generation request accepts: a text-only custom prompt, then the same with a webhookUrl', () => {
    const submit = parseGenerationRequest(bodyOf(examples.submit.code));
    expect(submit.success).toBe(true);
    const withWebhook = parseGenerationRequest(bodyOf(examples.webhook.code));
    expect(withWebhook).toMatchObject({ success: true, data: { serviceMode: 'custom-prompt', webhookUrl: EXAMPLE_WEBHOOK_URL } });
  });
});
