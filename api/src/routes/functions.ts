import { Router } from 'express';

/** Every call of the spec is served at /.netlify/functions/<name> and at /api/<name>. */
export const FUNCTION_BASES = ['/.netlify/functions', '/api'] as const;

export function mountFunctions(app: Router, routers: Router[]): void {
  for (const base of FUNCTION_BASES) {
    for (const router of routers) app.use(base, router);
  }
}
