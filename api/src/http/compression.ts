import type { Request, RequestHandler, Response } from 'express';
import compression from 'compression';

/** Below this a compressed answer saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Whether an answer may be compressed on the fly: what `compression` judges compressible,
 * except event streams (a compressor buffers, so events would arrive late or never). Answers
 * marked `Cache-Control: no-transform`, or already encoded (the web app's precompressed files),
 * are left alone by `compression` itself.
 */
export function shouldCompress(req: Request, res: Response): boolean {
  const type = String(res.getHeader('Content-Type') ?? '');
  if (/^\s*text\/event-stream\b/i.test(type)) return false;
  return compression.filter(req, res);
}

/** gzip or brotli (whichever the client prefers) for JSON and other text answers over ~1 KB. */
export function compressResponses(): RequestHandler {
  return compression({ threshold: COMPRESSION_THRESHOLD_BYTES, filter: shouldCompress });
}
