// Where the api's time goes on the poll (GET getMediaByRunId of a run still processing): the built
// api under a closed loop with V8's CPU profiler on, samples summed by owner and by function, as
// profile-submit.ts does for unified-generate. Run it alone: `npx tsx bench/profile-poll.ts`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closedLoop, type LoadRequest } from './load-client';
import { type CpuProfile, summarize } from './profile-submit';
import { startApiStack, submission } from './submit-path';

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);
const ACCOUNTS = 20;
const CONNECTIONS = 4;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrorverse-profile-'));
const stack = await startApiStack({ accounts: ACCOUNTS, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] });
let result;
try {
  // One run each, left processing (no worker runs), polled as an open page does.
  const submit = submission(stack.accounts);
  const runs: Array<{ runId: string; authorization: string }> = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const request = submit(i);
    const res = await fetch(`${stack.apiUrl}${request.path}`, { method: 'POST', headers: request.headers, body: request.body });
    const { runId } = (await res.json()) as { runId: string };
    runs.push({ runId, authorization: stack.accounts[i]!.authorization });
  }
  const poll = (i: number): LoadRequest => {
    const { runId, authorization } = runs[i % runs.length]!;
    return { method: 'GET', path: `/api/getMediaByRunId?runId=${runId}`, headers: { authorization } };
  };
  await closedLoop({ url: stack.apiUrl, seconds: 2, connections: CONNECTIONS, request: poll, expectStatus: 404 });
  result = await closedLoop({ url: stack.apiUrl, seconds: SECONDS, connections: CONNECTIONS, request: poll, expectStatus: 404 });
} finally {
  // The profile is written when the api exits.
  await stack.close();
}
const file = fs.readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
if (!file) throw new Error(`no profile in ${dir}`);
console.log(`getMediaByRunId: ${result.rate.toFixed(0)} req/s, p50 ${result.p50.toFixed(2)} ms (${CONNECTIONS} connections, ${SECONDS} s)\n`);
console.log(summarize(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CpuProfile, 40));
fs.rmSync(dir, { recursive: true, force: true });
