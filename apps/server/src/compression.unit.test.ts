import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compress, encodedEtag, etagMatches, preferredEncoding, strongEtag } from './compression.js';

describe('preferredEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['BR', 'br'],
    ['deflate', 'identity'],
    ['gzip;q=0', 'identity'],
    // q-values rank the codings: a client that prefers gzip gets gzip though br is offered too.
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0.2, gzip;q=0.8', 'gzip'],
    ['identity, gzip;q=0.5', 'identity'],
    ['gzip, br', 'br'],
    ['*', 'br'],
    ['', 'identity'],
    [undefined, 'identity'],
  ])('%s → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe('compress', () => {
  it('gives back bytes that decompress to the original', async () => {
    const body = Buffer.from(JSON.stringify({ trails: Array.from({ length: 50 }, (_, i) => ({ name: `Trail ${i}` })) }));
    expect(brotliDecompressSync(await compress(body, 'br')).equals(body)).toBe(true);
    expect(gunzipSync(await compress(body, 'gzip')).equals(body)).toBe(true);
  });
});

describe('strongEtag and etagMatches', () => {
  const etag = strongEtag(Buffer.from('{"trails":[]}'));

  it('is a quoted hash of the bytes, different for different bytes', () => {
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(strongEtag(Buffer.from('{"trails":[]}'))).toBe(etag);
    expect(strongEtag(Buffer.from('{"trails":[1]}'))).not.toBe(etag);
    expect(encodedEtag(etag, 'br')).toBe(`${etag.slice(0, -1)}-br"`);
    expect(encodedEtag(etag, 'gzip')).toBe(`${etag.slice(0, -1)}-gzip"`);
    expect(encodedEtag(etag, 'identity')).toBe(etag);
  });

  it.each([
    [undefined, false],
    ['', false],
    ['"other"', false],
    [etag, true],
    [`"other", ${etag}`, true],
    [`W/${etag}`, true],
    ['*', true],
  ])('If-None-Match %s → %s', (header, expected) => {
    expect(etagMatches(header, etag)).toBe(expected);
  });
});
