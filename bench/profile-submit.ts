// Where the api's time goes on unified-generate: the built api under the bench's closed loop with
// V8's CPU profiler on (`--cpu-prof`), then its samples summed by package (or our source area) and
// by function. Not part of `npm run bench`: run it alone, `npx tsx bench/profile-submit.ts`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closedLoop } from './load-client';
import { startApiStack, submission } from './submit-path';
import { isMain } from './table';

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A frame's owner: the npm package, our source area (api/src/…), node's internals, or V8's own work. */
function ownerOf(url: string): string {
  if (!url) return '(V8: gc, idle, program)';
  if (url.startsWith('node:')) return 'node internals';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const [first, second] = url.slice(modules + 'node_modules/'.length).split('/');
    return first?.startsWith('@') ? `${first}/${second}` : (first ?? url);
  }
  const ours = /\/(api|shared|worker)\/src\/([^/]+)/.exec(url);
  return ours ? `${ours[1]}/src/${ours[2]}` : path.basename(url);
}

export function summarize(profile: CpuProfile, top = 25): string {
  const selfMs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const ms = selfMs.get(node.id) ?? 0;
    if (ms === 0 || node.callFrame.functionName === '(idle)') continue;
    total += ms;
    const owner = ownerOf(node.callFrame.url);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + ms);
    const fn = `${node.callFrame.functionName || '(anonymous)'} ${owner}:${node.callFrame.lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  }
  const rows = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => `${((ms / total) * 100).toFixed(1).padStart(5)} %  ${name}`)
      .join('\n');
  return `busy ${total.toFixed(0)} ms of CPU\n\nby owner (self time)\n${rows(byOwner)}\n\nby function (self time)\n${rows(byFunction)}`;
}

if (isMain(import.meta.url)) await profileSubmit();

async function profileSubmit(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrorverse-profile-'));
  const stack = await startApiStack({ accounts: 200, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] });
  let result;
  try {
    const request = submission(stack.accounts);
    await closedLoop({ url: stack.apiUrl, seconds: 2, connections: 32, request, expectStatus: 202 });
    result = await closedLoop({ url: stack.apiUrl, seconds: SECONDS, connections: 32, request, expectStatus: 202 });
  } finally {
    // The profile is written when the api exits.
    await stack.close();
  }
  const file = fs.readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile in ${dir}`);
  console.log(`unified-generate: ${result.rate.toFixed(0)} req/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms (32 connections, ${SECONDS} s)\n`);
  console.log(summarize(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CpuProfile));
  fs.rmSync(dir, { recursive: true, force: true });
}
