/**
 * The examples of the API guide, written for the site they are read on (`origin`): a program
 * calls the same address the page came from.
 */

/** The variable the examples read the key from. */
export const KEY_VARIABLE = 'MIRRORVERSE_API_KEY';
/** The run id the examples use; a program makes its own (8–100 letters, digits, `-` or `_`). */
export const EXAMPLE_RUN_ID = 'my-first-run-0001';
/** Where the OpenAPI document is served. */
export const OPENAPI_PATH = '/api/openapi.json';

export interface ApiExample {
  id: 'key' | 'submit' | 'poll' | 'stream' | 'webhook' | 'credits';
  title: string;
  /** What to copy. */
  code: string;
}

const bearer = `-H "Authorization: Bearer $${KEY_VARIABLE}"`;

/** A text-only custom run: the fewest fields unified-generate takes. */
export const EXAMPLE_REQUEST = { mode: 'custom', prompt: 'A lighthouse on a cliff at dusk, oil painting', runId: EXAMPLE_RUN_ID } as const;
export const EXAMPLE_WEBHOOK_URL = 'https://example.com/mirrorverse-webhook';

/** A JSON body for curl's -d, one field a line, in single quotes (JSON may span lines). */
function jsonBody(fields: Record<string, string>): string {
  const lines = Object.entries(fields).map(([name, value]) => `    ${JSON.stringify(name)}: ${JSON.stringify(value)}`);
  return `'{\n${lines.join(',\n')}\n  }'`;
}

export function apiExamples(origin: string): Record<ApiExample['id'], ApiExample> {
  return {
    key: {
      id: 'key',
      title: 'Your key, for the examples below',
      code: `export ${KEY_VARIABLE}="mv_…"   # the key you copied when you made it`,
    },
    submit: {
      id: 'submit',
      title: 'Start a run',
      code: [`curl -X POST ${origin}/api/unified-generate \\`, `  ${bearer} \\`, `  -H "Content-Type: application/json" \\`, `  -d ${jsonBody(EXAMPLE_REQUEST)}`].join('\n'),
    },
    poll: {
      id: 'poll',
      title: 'Poll for the result',
      code: [`curl "${origin}/api/getMediaByRunId?runId=${EXAMPLE_RUN_ID}" \\`, `  ${bearer}`].join('\n'),
    },
    stream: {
      id: 'stream',
      title: 'Follow your runs live',
      code: [`curl -N ${origin}/api/run-events \\`, `  ${bearer}`].join('\n'),
    },
    webhook: {
      id: 'webhook',
      title: 'Be called when it ends',
      code: [
        `curl -X POST ${origin}/api/unified-generate \\`,
        `  ${bearer} \\`,
        `  -H "Content-Type: application/json" \\`,
        `  -d ${jsonBody({ ...EXAMPLE_REQUEST, webhookUrl: EXAMPLE_WEBHOOK_URL })}`,
      ].join('\n'),
    },
    credits: {
      id: 'credits',
      title: 'Check your credits',
      code: [`curl ${origin}/api/getQuota \\`, `  ${bearer}`].join('\n'),
    },
  };
}

/** A webhook endpoint in Node (Express) that checks each delivery with the `standardwebhooks` package. */
export const VERIFY_SNIPPET = `import express from 'express';
import { Webhook } from 'standardwebhooks';

// Your signing secret (whsec_…), from Profile → Developers.
const webhook = new Webhook(process.env.MIRRORVERSE_WEBHOOK_SECRET);
const app = express();

// Verify the body exactly as it arrived: keep it as text, parse it after.
app.post('/mirrorverse-webhook', express.text({ type: 'application/json' }), (req, res) => {
  let run;
  try {
    run = webhook.verify(req.body, req.headers); // throws on a bad or old signature
  } catch {
    return res.status(400).end();
  }
  res.status(204).end(); // answer 2xx within 10 s, then do the work
  // run is what getMediaByRunId answers: { status: 'done', media, … } or { status: 'failed', error, … }
  console.log(req.headers['webhook-id'], run.runId, run.status);
});

app.listen(8080);`;
