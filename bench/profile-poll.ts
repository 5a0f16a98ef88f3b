// Where the api's time goes on the poll (GET getMediaByRunId of a run still processing): the built
// api under a closed loop with V8's CPU profiler on, samples summed by owner and by function, as
// profile-submit.ts does for unified-generate. Run it alone: `npx tsx bench/profile-poll.ts`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closedLoop } from './load-client';
import { type CpuProfile, summarize } from './profile-submit';
import { pollOfProcessingRuns } from './run-status';
import { startApiStack } from './submit-path';

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);
const ACCOUNTS = 20;
const CONNECTIONS = 4;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrorverse-profile-'));
const stack = await startApiStack({ accounts: ACCOUNTS, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] });
let result;
try {
  const { poll } = await pollOfProcessingRuns(stack);
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
