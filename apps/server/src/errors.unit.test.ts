import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isErrorCode } from '@trailbuddy/shared/contracts/error-codes';
import { describe, expect, it } from 'vitest';

/**
 * Error codes written as literals in the server's source: an error body's `code: '…'` and the
 * code argument of the error constructors. The constructors are typed with the shared ErrorCode,
 * but a body built by hand (a plugin answering without throwing) is not: this finds those too.
 * Better Auth's own codes (UPPER_CASE, its error shape, not ours) are not matched.
 */
function literalErrorCodes(source: string): string[] {
  const patterns = [
    /\bcode:\s*'([a-z][a-z0-9-]*)'/g,
    /\bnew AppError\(\s*[^,]+,\s*'([a-z][a-z0-9-]*)'/g,
    /\b(?:conflict|badRequest)\([^;]*?,\s*'([a-z][a-z0-9-]*)'\)/g,
    /\b(?:identityError|errorBody)\(\s*'([a-z][a-z0-9-]*)'/g,
  ];
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((m) => m[1]!));
}

const srcDir = fileURLToPath(new URL('.', import.meta.url));

function productionSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : productionSources(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('the error codes the server sends', () => {
  const found = productionSources(srcDir).flatMap((file) =>
    literalErrorCodes(readFileSync(file, 'utf8')).map((code) => ({ file: relative(srcDir, file), code })),
  );

  it('are all in the shared ErrorCode union', () => {
    expect(found.filter(({ code }) => !isErrorCode(code))).toEqual([]);
  });

  it('are found by the scan (it reads the source it should)', () => {
    const codes = new Set(found.map((f) => f.code));
    for (const code of ['self-match', 'not-participant', 'failed-precondition', 'already-exists', 'aborted', 'not-found', 'internal']) {
      expect(codes, code).toContain(code);
    }
  });

  it('flags a hand-written body with a code outside the union', () => {
    const probe = `reply.status(410).send({ error: { code: 'gone-fishing', message: 'Gone.' } });
      throw conflict('Taken.', 'seat-taken');
      throw new AppError(418, 'teapot', 'No coffee.');`;
    expect(literalErrorCodes(probe).filter((code) => !isErrorCode(code))).toEqual(['gone-fishing', 'teapot', 'seat-taken']);
  });
});
