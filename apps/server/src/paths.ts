import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Finds the repository's folders from wherever this code runs: from `src/` under Vitest or
 * from the bundled `dist/main.js`. Walking up to the workspace root keeps both working,
 * where a fixed `../..` relative to this file would break once bundled.
 */
function findRepoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'trailbuddy') {
      return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the TrailBuddy repository root (package.json named "trailbuddy").');
    dir = parent;
  }
}

export const repoRoot = findRepoRoot();
export const serverRoot = join(repoRoot, 'apps/server');
export const migrationsDir = join(serverRoot, 'src/db/migrations');
export const seedImagesDir = join(serverRoot, 'src/db/seed/images');
/** The demo trails' synthetic GPX routes (tools/generate-demo-routes.mjs). */
export const seedRoutesDir = join(serverRoot, 'src/db/seed/routes');
export const webDistDir = join(repoRoot, 'apps/web/dist');
/** The web app's server entry, built by `vite build --ssr` (ADR 0023). */
export const webServerEntry = join(repoRoot, 'apps/web/dist-server/entry-server.js');
export const resolveFromRoot = (p: string) => resolve(repoRoot, p);
