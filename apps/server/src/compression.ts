import { createHash } from 'node:crypto';
import { Negotiator } from '@fastify/accept-negotiator';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The content codings the server sends precompressed bodies in. */
export type ContentEncoding = 'br' | 'gzip';
export type Encoding = ContentEncoding | 'identity';

/**
 * Compresses once what is sent many times (index.html, the trail list), so at the highest
 * levels: the cost is paid per change, the saving per request.
 */
export function compress(body: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipAsync(body, { level: 9 });
}

/** A strong entity tag for these exact bytes: quoted, a hash, the same on every instance. */
export function strongEtag(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** The tag of a compressed representation: a strong tag names exact bytes, and these differ. */
export function encodedEtag(etag: string, encoding: Encoding): string {
  return encoding === 'identity' ? etag : `${etag.slice(0, -1)}-${encoding}"`;
}

/** Whether an If-None-Match header names `etag` (or is `*`), so the answer can be a 304. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  // Weak comparison, as RFC 9110 §13.1.2 asks for If-None-Match.
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/** What we can send, in our order of preference when the request's q-values tie. No cache: its keys would be request headers. */
const encodings = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip', 'identity'] });

/**
 * The coding to send, by the request's Accept-Encoding with its q-values (RFC 9110 §12.5.3):
 * the highest q wins, br before gzip when they tie, and q=0 refuses. Nothing acceptable that we
 * have, or no header at all, is the body as it is.
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  // Content codings are case-insensitive; the negotiator compares them as written.
  const chosen = acceptEncoding ? encodings.negotiate(acceptEncoding.toLowerCase()) : null;
  return chosen ?? 'identity';
}
