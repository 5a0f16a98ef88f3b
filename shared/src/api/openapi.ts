/**
 * The contract as a document (issue 45 §3): an OpenAPI 3.1 description of every call of
 * `CALL_CATALOGUE`, made by zod's own JSON Schema conversion from the schemas the api parses
 * requests with and the web reads answers with. The api serves it at GET /api/openapi.json.
 */
import { type $ZodType, safeParse, toJSONSchema } from 'zod/v4/core';
import { ADMIN_SECRET_HEADER } from './admin';
import { CALL_CATALOGUE, CALL_TAGS, type CallAccess, type CatalogueEntry, type ErrorStatus } from './catalogue';
import { apiErrorBodySchema } from './error-body';

/** Where the document is served, under each function base (`/api/openapi.json`). */
export const OPENAPI_DOCUMENT_NAME = 'openapi.json';

type JsonObject = { [key: string]: unknown };
type HttpMethod = 'get' | 'post' | 'put' | 'delete';

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string }>;
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, Partial<Record<HttpMethod, JsonObject>>>;
  components: { schemas: Record<string, JsonObject>; responses: Record<string, JsonObject>; securitySchemes: Record<string, JsonObject> };
}

export interface OpenApiOptions {
  title: string;
  version: string;
  /**
   * What becomes of a part of a schema JSON Schema cannot say (a bare transform): `any` (the
   * default) lets it be anything; `throw` refuses, as the unit test builds the document.
   */
  unrepresentable?: 'any' | 'throw';
}

const DESCRIPTION = `Every call of the Mirrorverse api, generated from the zod contracts that the api parses requests with and the web reads answers with (\`shared/src/api\`).

Each call is served at \`/api/<name>\`, the paths below, and at \`/.netlify/functions/<name>\` by the same handler.

- GET calls take their input as query parameters; the others as a JSON body.
- Errors are JSON \`{ success: false, error, code?, details? }\` (\`ApiError\`): bad input is a 400 naming each field, never a 500; a 429 carries \`Retry-After\`.
- Signed-in calls take \`Authorization: Bearer <token>\`: a session's access token (verify-otp, refresh-token; scheme \`bearer\`), or a personal API key (\`mv_…\`; scheme \`apiKey\`) on the calls that list it, with the scope they name (\`generate\` or \`read\`).
- The operators' calls are included, under the \`admin\` tag: they need the \`${ADMIN_SECRET_HEADER}\` header (the server's ADMIN_SECRET; admin is off, 503, when it is unset). Story writes need the story editor's token as a bearer token.
- Answers are described as a client reads them: an object may carry fields added later.
- Not described here: the multipart upload (\`POST /v1_1/<cloud>/auto/upload\`), the live run stream (\`GET /api/run-events\`, Server-Sent Events), the story hero image upload, media files (\`/media/<key>\`), provider webhooks, the development outbox, health and metrics.`;

const SECURITY_SCHEMES = {
  bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: "A session's access token: the JWT verify-otp and refresh-token answer." },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'mv_…',
    description:
      "A personal API key (`mv_…`, made with create-api-key), sent as a bearer token. It works on the calls that list this scheme, with the scope named there (`generate`, `read`): a key without that scope is a 403, any other call refuses keys with a 401.",
  },
  adminSecret: { type: 'apiKey', in: 'header', name: ADMIN_SECRET_HEADER, description: "The server's ADMIN_SECRET. Wrong secrets are slowed down, then answered 429." },
  storyEditor: { type: 'http', scheme: 'bearer', description: "The server's STORY_EDITOR_TOKEN." },
};

/** The security requirements of a call: its access's, and an API key's with its scope; `{}` is "none needed". */
function securityOf(entry: CatalogueEntry): Array<Record<string, string[]>> {
  const key = entry.apiKey ? [{ apiKey: [entry.apiKey] }] : [];
  switch (entry.access) {
    case 'public':
      return [{}];
    case 'viewer':
      return [{}, { bearer: [] }, ...key];
    case 'bearer':
      return [{ bearer: [] }, ...key];
    case 'admin':
      return [{ adminSecret: [] }];
    case 'story-editor':
      return [{ storyEditor: [] }];
  }
}

/** Errors every call can answer; those of its access; those of a JSON body. */
const COMMON_ERRORS: readonly ErrorStatus[] = [400, 500, 503];
// A viewer call answers 401 to an API key it does not take (or one not valid), 403 to a key without its scope.
const ACCESS_ERRORS: Record<CallAccess, readonly ErrorStatus[]> = { public: [], viewer: [401], bearer: [401, 403], admin: [401, 429], 'story-editor': [401, 429] };
const BODY_ERRORS: readonly ErrorStatus[] = [413];

const ERROR_RESPONSES: Record<ErrorStatus, { name: string; description: string }> = {
  400: { name: 'BadRequest', description: 'Bad input: `details` names each field (code VALIDATION_FAILED), or the JSON or its text cannot be read.' },
  401: { name: 'Unauthorized', description: 'No credential, or one that is not (or no longer) valid.' },
  402: { name: 'PaymentRequired', description: 'INSUFFICIENT_CREDITS: `required` is what it costs, `available` what the person has.' },
  403: { name: 'Forbidden', description: 'Not allowed: a suspended account, an item of someone else, a closed beta.' },
  404: { name: 'NotFound', description: 'No such item for this caller.' },
  409: { name: 'Conflict', description: 'The item is not in a state that allows it (code says which).' },
  413: { name: 'PayloadTooLarge', description: 'The JSON body is over 1 MB.' },
  429: { name: 'TooManyRequests', description: 'Too many requests: wait `Retry-After` seconds.' },
  500: { name: 'ServerError', description: 'A failure of the server.' },
  503: { name: 'Unavailable', description: 'The database or Redis is away for a moment (code SERVICE_UNAVAILABLE), or the feature is turned off on this server.' },
};

/** The formats JSON Schema 2020-12 defines. */
const JSON_SCHEMA_FORMATS = new Set([
  'date-time', 'date', 'time', 'duration', 'email', 'idn-email', 'hostname', 'idn-hostname', 'ipv4', 'ipv6',
  'uri', 'uri-reference', 'iri', 'iri-reference', 'uuid', 'uri-template', 'json-pointer', 'relative-json-pointer', 'regex',
]);

const SUCCESS_DESCRIPTIONS: Record<200 | 202, string> = { 200: 'Done.', 202: 'Accepted: the work goes on after the answer.' };

/** The OpenAPI document of the calls; deterministic, so it can be built once and cached. */
export function buildOpenApiDocument(options: OpenApiOptions): OpenApiDocument {
  const catalogue: Readonly<Record<string, CatalogueEntry>> = CALL_CATALOGUE;
  const schemas: Record<string, JsonObject> = {};
  const convert = (schema: $ZodType, name: string): JsonObject => {
    const json = toJSONSchema(schema, {
      target: 'draft-2020-12',
      io: 'input',
      unrepresentable: options.unrepresentable ?? 'any',
      cycles: 'ref',
      reused: 'inline',
      // zod names some checks as formats JSON Schema has not (`starts_with`; its `pattern` says it): only the standard ones are kept.
      override: ({ jsonSchema }) => {
        if (typeof jsonSchema.format === 'string' && !JSON_SCHEMA_FORMATS.has(jsonSchema.format)) delete jsonSchema.format;
      },
    }) as JsonObject;
    delete json.$schema;
    return hoistDefinitions(json, name, schemas);
  };
  const component = (schema: $ZodType, name: string) => {
    schemas[name] = convert(schema, name);
    return { $ref: `#/components/schemas/${name}` };
  };
  component(apiErrorBodySchema, 'ApiError');

  // One operation per name and method: calls that share them (two bodies of unified-generate) are one.
  const operations = new Map<string, Array<[string, CatalogueEntry]>>();
  for (const [key, entry] of Object.entries(catalogue)) {
    const at = `${entry.call.method} ${entry.call.name}`;
    operations.set(at, [...(operations.get(at) ?? []), [key, entry]]);
  }

  const paths: OpenApiDocument['paths'] = {};
  for (const entries of operations.values()) {
    const [id, first] = entries[0]!;
    const path = `/api/${first.call.name}`;
    paths[path] = { ...paths[path], [first.call.method.toLowerCase()]: operation(id, first, entries, component, convert) };
  }

  const usedTags = new Set(Object.values(catalogue).map((entry) => entry.tag));
  return {
    openapi: '3.1.0',
    info: { title: options.title, version: options.version, description: DESCRIPTION },
    servers: [{ url: '/' }],
    tags: Object.entries(CALL_TAGS)
      .filter(([name]) => usedTags.has(name as CatalogueEntry['tag']))
      .map(([name, description]) => ({ name, description })),
    paths,
    components: { schemas, responses: errorResponses(), securitySchemes: SECURITY_SCHEMES },
  };
}

function operation(
  id: string,
  first: CatalogueEntry,
  entries: Array<[string, CatalogueEntry]>,
  component: (schema: $ZodType, name: string) => JsonObject,
  convert: (schema: $ZodType, name: string) => JsonObject,
): JsonObject {
  const method = first.call.method;
  const op: JsonObject = { operationId: id, summary: first.summary, tags: [first.tag] };

  const security = unique(entries.flatMap(([, entry]) => securityOf(entry)));
  if (security.some((requirement) => Object.keys(requirement).length > 0)) op.security = security;

  const requests = entries.flatMap(([key, entry]) => (entry.call.request ? [[key, entry.call.request] as const] : []));
  const queries = [...(method === 'GET' ? requests.map(([, schema]) => schema) : []), ...entries.flatMap(([, entry]) => (entry.query ? [entry.query] : []))];
  const parameters = queryParameters(
    [...new Set(queries)].map((schema, i) => convert(schema, `${pascal(id)}Query${i}`)),
    `${method} ${first.call.name}`,
  );
  if (parameters.length > 0) op.parameters = parameters;

  const bodies = method === 'GET' ? [] : uniqueBy(requests, ([, schema]) => schema);
  if (bodies.length > 0) {
    const refs = bodies.map(([key, schema]) => component(schema, `${pascal(key)}Request`));
    // Required unless some call takes no body, or one accepts the empty object the route reads for a missing body.
    const required = requests.length === entries.length && bodies.every(([, schema]) => !safeParse(schema, {}).success);
    op.requestBody = { required, content: { 'application/json': { schema: refs.length === 1 ? refs[0] : { anyOf: refs } } } };
  }

  const answers = new Map<200 | 202, Array<[string, $ZodType]>>();
  for (const [key, entry] of entries) {
    const byStatus = entry.answers ?? { [entry.status ?? 200]: entry.call.response };
    for (const [status, schema] of Object.entries(byStatus) as Array<[string, $ZodType]>) {
      const code = Number(status) as 200 | 202;
      answers.set(code, uniqueBy([...(answers.get(code) ?? []), [key, schema]], ([, s]) => s));
    }
  }
  const responses: JsonObject = {};
  for (const [status, schemasOfStatus] of [...answers].sort(([a], [b]) => a - b)) {
    const suffix = answers.size > 1 ? String(status) : '';
    const refs = schemasOfStatus.map(([key, schema]) => component(schema, `${pascal(key)}Response${suffix}`));
    responses[status] = { description: SUCCESS_DESCRIPTIONS[status], content: { 'application/json': { schema: refs.length === 1 ? refs[0] : { anyOf: refs } } } };
  }
  const errors = new Set<ErrorStatus>([
    ...COMMON_ERRORS,
    ...entries.flatMap(([, entry]) => [...ACCESS_ERRORS[entry.access], ...(entry.apiKey ? ([403] as const) : [])]),
    ...(bodies.length > 0 ? BODY_ERRORS : []),
    ...entries.flatMap(([, entry]) => entry.errors ?? []),
  ]);
  for (const status of [...errors].sort((a, b) => a - b)) responses[status] = { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` };
  op.responses = responses;
  return op;
}

/** A GET's request fields as query parameters: required when every request of the operation requires them. */
function queryParameters(objects: JsonObject[], call: string): JsonObject[] {
  const fields = objects.map((json) => {
    if (json.type !== 'object' || typeof json.properties !== 'object' || json.properties === null) throw new Error(`${call}: its query must be an object of fields`);
    return { properties: json.properties as Record<string, JsonObject>, required: new Set((json.required as string[] | undefined) ?? []) };
  });
  const names = [...new Set(fields.flatMap((f) => Object.keys(f.properties)))];
  return names.map((name) => {
    const schemas = uniqueBy(
      fields.flatMap((f) => (f.properties[name] ? [f.properties[name]] : [])),
      (schema) => JSON.stringify(schema),
    );
    const required = fields.every((f) => f.required.has(name));
    return { name, in: 'query', ...(required ? { required } : {}), schema: schemas.length === 1 ? schemas[0] : { anyOf: schemas } };
  });
}

function errorResponses(): Record<string, JsonObject> {
  const content = { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } };
  return Object.fromEntries(
    Object.entries(ERROR_RESPONSES).map(([status, { name, description }]) => [
      name,
      {
        description,
        ...(status === '429' ? { headers: { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 0 } } } } : {}),
        content,
      },
    ]),
  );
}

/**
 * Moves a converted schema's own definitions (a recursive schema's, zod's `$defs`) into the
 * document's components, so its references resolve inside the document: `#/$defs/x` becomes
 * `#/components/schemas/<name>_x`, and `#` (the schema itself) `#/components/schemas/<name>`.
 */
function hoistDefinitions(json: JsonObject, name: string, schemas: Record<string, JsonObject>): JsonObject {
  const defs = (json.$defs ?? {}) as Record<string, JsonObject>;
  delete json.$defs;
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (node === null || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => {
        if (key !== '$ref' || typeof value !== 'string') return [key, rewrite(value)];
        if (value === '#') return [key, `#/components/schemas/${name}`];
        return [key, value.startsWith('#/$defs/') ? `#/components/schemas/${name}_${value.slice('#/$defs/'.length)}` : value];
      }),
    );
  };
  for (const [def, schema] of Object.entries(defs)) schemas[`${name}_${def}`] = rewrite(schema) as JsonObject;
  return rewrite(json) as JsonObject;
}

const pascal = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

function unique<T>(items: T[]): T[] {
  return uniqueBy(items, (item) => JSON.stringify(item));
}

function uniqueBy<T>(items: readonly T[], keyOf: (item: T) => unknown): T[] {
  const seen = new Set<unknown>();
  return items.filter((item) => {
    const key = keyOf(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
