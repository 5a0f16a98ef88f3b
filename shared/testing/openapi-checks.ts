import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { OpenApiDocument } from '../src/api/openapi';

/** A JSON pointer's segment (`/api/get-presets` → `~1api~1get-presets`). */
const pointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');
const JSON_CONTENT = `content/${pointer('application/json')}/schema`;

/**
 * Checks against the OpenAPI document with a strict JSON Schema 2020-12 validator (Ajv, formats
 * included): the document is one schema resource (`openapi.json`), so its schemas' references
 * (`#/components/schemas/ApiError`) resolve inside it as they do for any reader of the document.
 */
export function openApiChecks(doc: OpenApiDocument) {
  // strictRequired off: `required` beside `propertyNames` without `properties` (a record of known keys) is valid JSON Schema.
  const ajv = new Ajv2020({ strict: true, strictRequired: false, allowUnionTypes: true, allErrors: true });
  addFormats(ajv);
  // The document's own fields, which are no schema keywords: known, so strict mode lets them be.
  ajv.addVocabulary(Object.keys(doc));
  ajv.addSchema(doc as object, 'openapi.json');
  const compiled = new Map<string, ValidateFunction>();
  const validatorAt = (at: string) => {
    let validate = compiled.get(at);
    if (!validate) {
      validate = ajv.compile({ $ref: `openapi.json#${at}` });
      compiled.set(at, validate);
    }
    return validate;
  };

  return {
    /**
     * What is wrong with an answer of `METHOD /api/<name>` by the document: [] when the document
     * lists its status for the call and the body fits that status's schema.
     */
    answerProblems(method: string, path: string, status: number, body: unknown): string[] {
      const operation = doc.paths[path]?.[method.toLowerCase() as 'get'];
      if (!operation) return [`the document has no ${method} ${path}`];
      const response = (operation.responses as Record<string, { $ref?: string }>)[String(status)];
      if (!response) return [`the document lists no ${status} for ${method} ${path} (it lists ${Object.keys(operation.responses as object).join(', ')})`];
      const at = response.$ref ? `${response.$ref.slice(1)}/${JSON_CONTENT}` : `/paths/${pointer(path)}/${method.toLowerCase()}/responses/${status}/${JSON_CONTENT}`;
      const validate = validatorAt(at);
      return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
    },

    /** Every schema of the document compiled strictly: each one that fails, with why. */
    schemaProblems(): string[] {
      const places = [
        ...Object.keys(doc.components.schemas).map((name) => `/components/schemas/${pointer(name)}`),
        ...Object.entries(doc.paths).flatMap(([path, operations]) =>
          Object.entries(operations).flatMap(([method, operation]) =>
            ((operation.parameters ?? []) as unknown[]).map((_, i) => `/paths/${pointer(path)}/${method}/parameters/${i}/schema`),
          ),
        ),
      ];
      return places.flatMap((at) => {
        try {
          validatorAt(at);
          return [];
        } catch (error) {
          return [`${at}: ${(error as Error).message}`];
        }
      });
    },
  };
}
