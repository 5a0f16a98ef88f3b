import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

export interface SecurityHeaderOptions {
  /** PUBLIC_URL: HSTS and upgrade-insecure-requests only when it is https. */
  publicUrl: string | undefined;
  /**
   * Origins pages may load media from besides their own: PUBLIC_URL's (the local disk's
   * /media URLs are built from it, which may name another host than the page, e.g.
   * localhost vs 127.0.0.1) and S3_PUBLIC_URL's when media live in S3.
   */
  mediaOrigins: string[];
}

/** The origin of a URL, or undefined for anything unparsable. */
export function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * helmet on every response. The CSP allows scripts, styles, fonts and calls from our own
 * origin only, and images/video also from the media origins and blob:/data: (upload
 * previews are object URLs). The built web app has no inline script or style (Vite emits
 * files; React sets `style` props through the CSSOM, which CSP does not restrict).
 * Cross-Origin-Resource-Policy is same-origin here; /media answers cross-origin itself.
 * The headers depend on the options only, so helmet computes them once (see `fixedHeaders`).
 */
export function securityHeaders(options: SecurityHeaderOptions): RequestHandler {
  const { set, removed } = fixedHeaders(helmetFor(options));
  return (_req, res, next) => {
    for (const [name, value] of set) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}

/**
 * What a middleware that sets the same headers on every response sets and removes, recorded once:
 * helmet builds the CSP string and walks its sub-middlewares on each request otherwise. Valid only
 * while no directive is a function of the request (a nonce), which none here is.
 */
function fixedHeaders(middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void): {
  set: Array<[string, HeaderValue]>;
  removed: string[];
} {
  const req = new IncomingMessage(new Socket());
  const res = new HeaderRecorder(req);
  let failure: unknown;
  middleware(req, res, (error) => (failure = error));
  if (failure) throw failure;
  return { set: res.set, removed: res.removed };
}

type HeaderValue = string | number | readonly string[];

/** A response that only writes down the headers set and removed on it, in order (it is never sent). */
class HeaderRecorder extends ServerResponse {
  readonly set: Array<[string, HeaderValue]> = [];
  readonly removed: string[] = [];

  override setHeader(name: string, value: HeaderValue): this {
    this.set.push([name, value]);
    return this;
  }

  override removeHeader(name: string): void {
    this.removed.push(name);
  }

  override getHeader(): undefined {
    return undefined;
  }
}

function helmetFor(options: SecurityHeaderOptions) {
  const https = options.publicUrl?.startsWith('https:') ?? false;
  const media = [...new Set(options.mediaOrigins)];
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'"],
        // Style attributes only (no <style>, no other sheets): the server-drawn home reserves each
        // tile's box with its aspect ratio (style="aspect-ratio: …"), as the app does in the browser.
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...media],
        mediaSrc: ["'self'", 'data:', 'blob:', ...media],
        // Downloads and zips fetch the media files; drafts read their blob: previews.
        connectSrc: ["'self'", 'data:', 'blob:', ...media],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        // On a plain-http deployment this would rewrite every media URL to https and break it.
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 365 * 86_400, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
    xContentTypeOptions: true,
  });
}
