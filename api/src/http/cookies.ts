import type { Request } from 'express';

/** The value of cookie `name` the request carries, decoded; undefined without one. */
export function cookieValue(req: Pick<Request, 'headers'>, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      return undefined; // malformed percent-encoding: no usable value
    }
  }
  return undefined;
}
