import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeTrail } from '../testing/test-utils';
import { responseProblem, shapeOf } from './response-check';

const SRC = fileURLToPath(new URL('..', import.meta.url));

/** Every `api.get<T>('/api/…')` (and post, put, patch, delete) in the app's own code, with its path's variables as "x". */
function apiCalls(): { file: string; method: string; type: string; path: string }[] {
  const calls: { file: string; method: string; type: string; path: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const at = join(dir, entry.name);
      if (entry.isDirectory()) walk(at);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const text = readFileSync(at, 'utf8');
        for (const m of text.matchAll(/\bapi\.(get|post|put|patch|delete)<([^>]*(?:>[^>(]*)?)>\(\s*[`'"]([^`'"]+)[`'"]/g)) {
          calls.push({ file: at.slice(SRC.length), method: m[1]!.toUpperCase(), type: m[2]!, path: m[3]!.replace(/\$\{[^}]+\}/g, 'x') });
        }
      }
    }
  };
  walk(SRC);
  return calls;
}

/** Answers the app reads that have no shared schema of their own: one-field acknowledgements and ids. */
const UNDECLARED = new Set([
  'GET /api/me/favourites',
  'GET /api/push/public-key',
  'POST /api/matches/x/join-requests',
  'POST /api/blocks',
  'POST /api/reports',
  'POST /api/auth/change-email',
]);

describe('the development check of API answers (ADR 0072)', () => {
  it('passes an answer that matches the shared schema of its route', () => {
    expect(responseProblem('GET', '/api/trails', { trails: [makeTrail()], nextCursor: null })).toBeNull();
    expect(responseProblem('GET', '/api/matches/mine', { matches: [] })).toBeNull();
  });

  it('names the route and the parts that differ when an answer does not match', () => {
    const trail = makeTrail();
    const { name: _name, ...nameless } = trail;
    const problem = responseProblem('GET', `/api/trails/${trail.id}`, nameless);
    expect(problem).toContain(`GET /api/trails/${trail.id} (/api/trails/:id)`);
    expect(problem).toMatch(/\bname: /);
    expect(responseProblem('GET', '/api/matches/mine', { mine: [] })).toContain('matches: missing');
    expect(responseProblem('GET', '/api/matches/mine', { matches: [{ id: 1 }] })).toMatch(/matches\.0\.id: /);
  });

  it('leaves alone a route it has no shape for', () => {
    expect(responseProblem('GET', '/api/health', 'anything')).toBeNull();
  });

  it('knows the answer of every call the app makes that reads one', () => {
    const calls = apiCalls();
    expect(calls.length).toBeGreaterThan(50);
    const unknown = calls
      .filter((call) => !/^(void|null)$/.test(call.type.trim()))
      .filter((call) => !UNDECLARED.has(`${call.method} ${call.path}`) && !shapeOf(call.method, call.path))
      .map((call) => `${call.method} ${call.path} in ${call.file}`);
    expect(unknown).toEqual([]);
  });
});
