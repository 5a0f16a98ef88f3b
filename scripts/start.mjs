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
await import(pathToFileURL(path.join(root, 'dist', `${entry}.js`)).href);
