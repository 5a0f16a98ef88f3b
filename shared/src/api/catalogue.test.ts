import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CALL_CATALOGUE } from './catalogue';
import type { ApiCall } from './define-call';

const here = path.dirname(fileURLToPath(import.meta.url));
const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE']);

/** What `defineCall` makes: a name, a method and zod schemas (`_zod` marks one, classic or mini). */
function isCall(value: unknown): value is ApiCall<undefined, never> {
  if (value === null || typeof value !== 'object') return false;
  const { name, method, request, response } = value as Record<string, unknown>;
  const isSchema = (schema: unknown) => schema !== null && typeof schema === 'object' && '_zod' in schema;
  return typeof name === 'string' && typeof method === 'string' && METHODS.has(method) && isSchema(response) && (request === undefined || isSchema(request));
}

/** Every call exported by a module of shared/src/api, as `file: exportName`. */
async function definedCalls(): Promise<Map<unknown, string>> {
  const calls = new Map<unknown, string>();
  const files = (fs.readdirSync(here, { recursive: true }) as string[]).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'));
  for (const file of files.sort()) {
    const exports = (await import(pathToFileURL(path.join(here, file)).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports)) {
      // A call re-exported by another module (generation.ts re-exports presets.ts) is one call.
      if (isCall(value) && !calls.has(value)) calls.set(value, `${file}: ${name}`);
    }
  }
  return calls;
}

describe('the call catalogue (the OpenAPI document lists what it lists)', () => {
  it('lists every call a module of shared/src/api defines with defineCall', async () => {
    const catalogued = new Set<unknown>(Object.values(CALL_CATALOGUE).map((entry) => entry.call));
    const defined = await definedCalls();
    const missing = [...defined].filter(([call]) => !catalogued.has(call)).map(([, where]) => where);
    expect(missing, 'calls missing from CALL_CATALOGUE (shared/src/api/catalogue.ts): add each with its tag, access and errors').toEqual([]);
    expect(defined.size).toBeGreaterThan(60);
  });

  it('lists each call once, and only calls a module exports', async () => {
    const defined = await definedCalls();
    const calls = Object.values(CALL_CATALOGUE).map((entry) => entry.call);
    expect(calls.length).toBe(new Set(calls).size);
    expect(calls.filter((call) => !defined.has(call)).map((call) => `${call.method} ${call.name}`)).toEqual([]);
  });

  it('names each call by its export (the operation id is the export name without "Call")', async () => {
    const defined = await definedCalls();
    const misnamed = Object.entries(CALL_CATALOGUE)
      .filter(([key, entry]) => !defined.get(entry.call)?.endsWith(`: ${key}Call`))
      .map(([key, entry]) => `${key} → ${defined.get(entry.call)}`);
    expect(misnamed).toEqual([]);
  });
});
