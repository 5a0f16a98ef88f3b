import { Router } from 'express';

/** Every call of the spec is served at /.netlify/functions/<name> and at /api/<name>. */
export const FUNCTION_BASES = ['/.netlify/functions', '/api'] as const;

/**
 * Mounts the call routers once under both bases: a call walks one mount, then the routers in the
 * order given (hot calls first), not one mount per router and base.
 */
export function mountFunctions(app: Router, routers: Router[]): void {
  const functions = Router();
  for (const router of routers) functions.use(router);
  app.use([...FUNCTION_BASES], functions);
}
