// Where a worker's time goes per run: `npm run load`'s machinery at a small size (1 api, 2 workers
// from the build, instant engine) with V8's CPU profiler on in the workers, then the samples of both
// summed by owner and by function. Not part of `npm run bench`: `npx tsx bench/profile-worker.ts`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Cleanup, runLoad } from '../scripts/load';
import { databaseUrl, redisUrl } from './env';
import { type CpuProfile, summarize } from './profile-submit';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrorverse-worker-profile-'));
process.env.LOAD_WORKER_NODE_ARGS = `--cpu-prof --cpu-prof-dir=${dir}`;
const cleanup = new Cleanup();
try {
  const { figures } = await runLoad(
    { runs: 300, accounts: 50, rate: 150, burst: 0.2, concurrency: 2, databaseUrl, redisEnv: { REDIS_URL: redisUrl }, settleSeconds: 180, etaRuns: 0, etaRate: 60 },
    cleanup,
  );
  console.log(`\nworker CPU per run ${figures.workerCpuMsPerRun.toFixed(1)} ms (profiler on)\n`);
} finally {
  // The profiles are written as the workers exit.
  await cleanup.run();
}
// Both workers' samples together: one profile's nodes and samples appended to the other's (ids made apart).
const merged: CpuProfile = { nodes: [], samples: [], timeDeltas: [] };
for (const [index, file] of fs.readdirSync(dir).filter((name) => name.endsWith('.cpuprofile')).entries()) {
  const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
  const offset = (index + 1) * 10_000_000;
  merged.nodes.push(...profile.nodes.map((node) => ({ ...node, id: node.id + offset })));
  merged.samples.push(...profile.samples.map((id) => id + offset));
  merged.timeDeltas.push(...profile.timeDeltas);
}
console.log(summarize(merged, 30));
fs.rmSync(dir, { recursive: true, force: true });
