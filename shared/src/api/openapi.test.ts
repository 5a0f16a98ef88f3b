import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { openApiChecks } from '../../testing/openapi-checks';
import { CALL_CATALOGUE } from './catalogue';
import { buildOpenApiDocument } from './openapi';

// `throw`: a part of a contract JSON Schema cannot say fails here rather than becoming "anything".
const doc = buildOpenApiDocument({ title: 'Mirrorverse API', version: '1.2.3', unrepresentable: 'throw' });
type Operation = { operationId: string; security?: unknown[]; parameters?: Array<{ name: string; required?: boolean }>; requestBody?: unknown; responses: Record<string, unknown> };
const operationOf = (method: string, name: string) => doc.paths[`/api/${name}`]?.[method.toLowerCase() as 'get'] as Operation | undefined;

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document whose references all resolve', async () => {
    const validator = new Validator();
    // A copy: resolveRefs replaces the references in the document it validated.
    const result = await validator.validate(structuredClone(doc) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(() => validator.resolveRefs()).not.toThrow();
    expect(doc.info).toMatchObject({ title: 'Mirrorverse API', version: '1.2.3' });
    expect(doc.servers).toEqual([{ url: '/' }]);
  });

  it('holds only schemas a strict JSON Schema 2020-12 validator compiles', () => {
    expect(openApiChecks(doc).schemaProblems()).toEqual([]);
  });

  it('describes every call of the catalogue at /api/<name>, each operation id once', () => {
    for (const entry of Object.values(CALL_CATALOGUE)) expect(operationOf(entry.call.method, entry.call.name), `${entry.call.method} ${entry.call.name}`).toBeDefined();
    const ids = Object.values(doc.paths).flatMap((operations) => Object.values(operations).map((op) => op.operationId));
    expect(ids.length).toBe(new Set(ids).size);
    expect(ids.length).toBe(new Set(Object.values(CALL_CATALOGUE).map((entry) => `${entry.call.method} ${entry.call.name}`)).size);
  });

  it('takes a GET call input as query parameters and any other as a JSON body', () => {
    const feed = operationOf('GET', 'getPublicFeed')!;
    expect(feed.requestBody).toBeUndefined();
    expect(feed.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['limit', 'cursor', 'sort', 'q', 'tag']));
    expect(operationOf('GET', 'getMediaByRunId')!.parameters).toEqual([{ name: 'runId', in: 'query', required: true, schema: { type: 'string' } }]);
    const submit = operationOf('POST', 'unified-generate')!;
    expect(submit.parameters).toBeUndefined();
    expect(submit.requestBody).toMatchObject({ required: true, content: { 'application/json': { schema: { anyOf: [{ $ref: '#/components/schemas/UnifiedGenerateRequest' }, { $ref: '#/components/schemas/UnifiedGenerateVariationRequest' }] } } } });
    // story-api's PUT: the story's `?id=` beside the JSON body.
    expect(operationOf('PUT', 'story-api')!.parameters).toEqual([{ name: 'id', in: 'query', required: true, schema: { type: 'string', format: 'uuid', pattern: expect.any(String) } }]);
  });

  it('answers each call with its success statuses and the shared error body', () => {
    expect(Object.keys(operationOf('POST', 'unified-generate')!.responses)).toEqual(['202', '400', '401', '402', '403', '404', '413', '429', '500', '503']);
    expect(Object.keys(operationOf('GET', 'getMediaByRunId')!.responses)).toEqual(['200', '202', '400', '401', '403', '404', '500', '503']);
    expect(Object.keys(operationOf('GET', 'get-presets')!.responses)).toEqual(['200', '400', '500', '503']);
    expect(doc.components.responses.TooManyRequests).toMatchObject({ headers: { 'Retry-After': expect.any(Object) }, content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } });
    expect(doc.components.schemas.ApiError).toMatchObject({ type: 'object', required: ['success', 'error'] });
  });

  it("says who may make each call: none, an optional bearer, a bearer, the admin secret or the editor's token", () => {
    expect(operationOf('GET', 'get-presets')!.security).toBeUndefined();
    expect(operationOf('GET', 'getPublicFeed')!.security).toEqual([{}, { bearer: [] }]);
    expect(operationOf('GET', 'get-user-profile')!.security).toEqual([{ bearer: [] }]);
    // A personal API key, with the scope the call needs, where the call's route takes one.
    expect(operationOf('GET', 'getUserMedia')!.security).toEqual([{ bearer: [] }, { apiKey: ['read'] }]);
    expect(operationOf('POST', 'unified-generate')!.security).toEqual([{ bearer: [] }, { apiKey: ['generate'] }]);
    expect(operationOf('GET', 'get-media-item')!.security).toEqual([{}, { bearer: [] }, { apiKey: ['read'] }]);
    expect(operationOf('GET', 'admin-users')!.security).toEqual([{ adminSecret: [] }]);
    expect(operationOf('GET', 'admin-users')!.responses).toHaveProperty('401');
    expect(operationOf('GET', 'story-api')!.security).toEqual([{}, { storyEditor: [] }]);
    expect(doc.components.securitySchemes.adminSecret).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Admin-Secret' });
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'mv_…' });
  });

  it('is the same document every time it is built (so one build can be served and cached)', () => {
    expect(JSON.stringify(buildOpenApiDocument({ title: 'Mirrorverse API', version: '1.2.3' }))).toBe(JSON.stringify(doc));
  });
});
