// Builds what is stale: the web app (Vite) and the server bundle (esbuild).
// `node scripts/build.mjs --force` rebuilds both.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (...p) => join(root, ...p);

function newestMtime(paths) {
  let newest = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const entry of readdirSync(p)) if (entry !== 'node_modules' && entry !== 'dist') walk(join(p, entry));
    } else newest = Math.max(newest, s.mtimeMs);
  };
  paths.forEach(walk);
  return newest;
}

const isStale = (output, inputs) => !existsSync(output) || statSync(output).mtimeMs < newestMtime(inputs);

async function buildServer() {
  const { build } = await import('esbuild');
  const pkg = JSON.parse(await readFile(at('apps/server/package.json'), 'utf8'));
  await build({
    entryPoints: [at('apps/server/src/main.ts')],
    outfile: at('apps/server/dist/main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    // Dependencies load from node_modules as usual; only our own workspace code is bundled.
    external: Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@trailbuddy/')),
    logLevel: 'warning',
  });
}

function buildWeb() {
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: at('apps/web'), stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the web build failed');
  precompress(at('apps/web/dist'));
}

/** The web app's server entry (ADR 0023): the server renders the home and trail pages with it. */
function buildWebServerEntry() {
  const result = spawnSync('npx', ['vite', 'build', '--ssr', 'src/entry-server.tsx', '--logLevel', 'warn'], {
    cwd: at('apps/web'),
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('the web app’s server build failed');
}

/**
 * Brotli and gzip copies of every text asset, served by @fastify/static's `preCompressed`:
 * compressed once at build time instead of on every request.
 */
function precompress(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) precompress(path);
    else if (/\.(js|css|html|svg|json|txt)$/.test(entry.name)) {
      const content = readFileSync(path);
      writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
    }
  }
}

export async function buildStale({ force = false } = {}) {
  const shared = [at('packages/shared/src'), at('package-lock.json')];
  const webInputs = [
    at('apps/web/src'),
    at('packages/auth-ui/src'),
    at('apps/web/index.html'),
    at('apps/web/public'),
    at('apps/web/vite.config.ts'),
    ...shared,
  ];
  const steps = [
    { name: 'web app', output: at('apps/web/dist/index.html'), inputs: webInputs, run: buildWeb },
    { name: 'web app’s server entry', output: at('apps/web/dist-server/entry-server.js'), inputs: webInputs, run: buildWebServerEntry },
    {
      name: 'server',
      output: at('apps/server/dist/main.js'),
      inputs: [at('apps/server/src'), at('apps/server/package.json'), ...shared],
      run: buildServer,
    },
  ];
  for (const step of steps) {
    if (!force && !isStale(step.output, step.inputs)) continue;
    const started = Date.now();
    process.stdout.write(`  building the ${step.name}… `);
    await step.run();
    console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s (${relative(root, step.output)})`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildStale({ force: process.argv.includes('--force') });
}
