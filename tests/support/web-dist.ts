import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A web build of one index.html, for tests of the meta the server injects into it (WEB_DIST_DIR):
 * the default title and description the pages replace.
 */
export function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrorverse-web-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="default" /><title>Mirrorverse</title></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** Text as written, from the HTML the server escaped it into. */
export const unescapeHtml = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!);
