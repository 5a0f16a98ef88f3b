// `npm start` (all-in-one), `npm run start:api`, `npm run start:worker`: build whatever is
// missing or older than its sources, then run the bundle in this process.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, root } from './ensure-built.mjs';

const entry = process.argv[2] ?? 'all-in-one';
if (!['all-in-one', 'api', 'worker'].includes(entry)) {
  console.error(`Unknown entry "${entry}": use all-in-one, api or worker.`);
  process.exit(2);
}
try {
  ensureBuilt(entry);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
process.setSourceMapsEnabled(true);
// Started by npm (or a supervisor) that is then killed: this process is re-parented, and stops
// itself as if sent SIGTERM (graceful: HTTP, jobs, the embedded redis-server), rather than run on.
// (process.ppid is read once at start-up, so the parent is asked whether it is still there.)
const parent = process.ppid;
const parentGone = () => {
  try {
    process.kill(parent, 0);
    return false;
  } catch (error) {
    return error.code === 'ESRCH';
  }
};
const watch = setInterval(() => {
  if (parent > 1 && parentGone()) {
    clearInterval(watch);
    process.kill(process.pid, 'SIGTERM');
  }
}, 500);
watch.unref();
await import(pathToFileURL(path.join(root, 'dist', `${entry}.js`)).href);
