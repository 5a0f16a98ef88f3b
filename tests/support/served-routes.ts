import type { Express } from 'express';

/** A route of the app as the fuzz names it: `GET /api/getTrending`, `POST /webhooks/:provider`. */
export type RouteKey = string;

/**
 * Every route the app serves, read from its router: `METHOD path`, function calls under `/api`
 * (they are served under `/.netlify/functions` too). A mounted app of its own (bull-board) is
 * one route, `* <mount>/*`.
 */
export function servedRoutes(app: Pick<Express, 'router'>): Set<RouteKey> {
  interface Layer {
    rawPath?: string | string[];
    route?: { path: string; methods: Record<string, boolean> };
    handle?: { stack?: Layer[]; router?: unknown };
  }
  const routes = new Set<RouteKey>();
  const join = (prefix: string, part: string) => (prefix === '/' ? part : part === '/' ? prefix : `${prefix}${part}`);
  const visit = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      const paths = Array.isArray(layer.rawPath) ? layer.rawPath : [layer.rawPath ?? '/'];
      for (const part of paths) {
        const at = join(prefix, part).replace(/^\/\.netlify\/functions(?=\/)/, '/api');
        if (layer.route) {
          for (const method of Object.keys(layer.route.methods)) routes.add(`${method.toUpperCase()} ${join(prefix, layer.route.path).replace(/^\/\.netlify\/functions(?=\/)/, '/api')}`);
        } else if (layer.handle?.stack) {
          visit(layer.handle.stack, at);
        } else if (layer.handle?.router) {
          routes.add(`* ${at}/*`); // a mounted Express app of its own (bull-board)
        }
      }
    }
  };
  visit((app.router as { stack: Layer[] }).stack, '/');
  return routes;
}
