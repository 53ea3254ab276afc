import { readdirSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * A lint rule that never fires is a defect that looks like a guarantee. This probe lints small
 * sources placed inside the real tree (virtual files through `lintText`, and the committed cycle
 * in fixtures/) with the repository's own eslint.config.js, and asserts that each dependency
 * rule of architecture §3 reports them.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const fixtures = join(root, 'scripts', 'lint-probes', 'fixtures');

interface Zone {
  target: string;
  from: string;
  except?: string[];
  message?: string;
}

let eslint: ESLint;
beforeAll(() => {
  // `ignore: false`: the fixtures are ignored by the normal lint run, which must stay clean.
  eslint = new ESLint({ cwd: root, ignore: false });
});

const posix = (path: string) => path.split(sep).join('/');

/** Lints `code` as if it were the file `path` (relative to the repository root). */
async function lintAs(path: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return result!.messages;
}

/** The import specifier that reaches `file` from `importer`, both relative to the root, as the code base writes it. */
function specifier(importer: string, file: string): string {
  const spec = posix(relative(dirname(join(root, importer)), join(root, file))).replace(/\.tsx?$/, '.js');
  return spec.startsWith('.') ? spec : `./${spec}`;
}

/** The first TypeScript source (not a test) under `dir`, skipping the folders in `skip`. */
function firstSource(dir: string, skip: string[] = []): string | undefined {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = posix(join(dir, entry.name));
    if (skip.some((s) => path === s || path.startsWith(`${s}/`))) continue;
    if (entry.isDirectory()) {
      const found = firstSource(path, skip);
      if (found) return found;
    } else if (/\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name)) {
      return path;
    }
  }
  return undefined;
}

// The server's domain folders (ADR 0071), named here rather than read from the configuration, so
// that a zone the configuration loses fails this probe.
const serverDomains = [
  'ability',
  'account',
  'auth',
  'calendar',
  'conversation',
  'events',
  'jobs',
  'mail',
  'matches',
  'notifications',
  'profiles',
  'push',
  'safety',
  'storage',
  'trails',
  'trips',
];
/** The folders of the server that are its HTTP edge, its request policies or its test app: the only ones the zones leave out. */
const serverEdge = ['routes', 'plugins', 'policies', 'test', 'db'];
/** The auth module and each of its method families (ADR 0070): every one is below the HTTP edge. */
const authFamilies = ['email', 'phone', 'phone/sms', 'federated', 'second-factor', 'tenants', 'account-actions', 'guests'];
const authFolders = ['auth', ...authFamilies.map((family) => `auth/${family}`)];

const importing = (spec: string) => `import * as probe from '${spec}';\n\nexport const used = probe;\n`;
const ruleIds = (messages: Linter.LintMessage[]) => messages.map((m) => m.ruleId);

describe('import-x/no-cycle', () => {
  it('reports both files of a two-file TypeScript cycle', async () => {
    const results = await eslint.lintFiles([join(fixtures, 'cycle')]);
    expect(results).toHaveLength(2);
    for (const result of results) {
      expect(ruleIds(result.messages), posix(relative(root, result.filePath))).toContain('import-x/no-cycle');
    }
  });
});

describe('import-x/no-restricted-paths', () => {
  // The zones architecture §3 and the issue require, each crossed once by a probe import.
  const required: { importer: string; from: string; why: string }[] = [
    { importer: 'packages/shared/src/probe.ts', from: 'apps/server/src', why: 'packages → apps' },
    { importer: 'packages/auth-ui/src/probe.ts', from: 'apps/web/src/lib', why: 'packages → apps (widget)' },
    { importer: 'apps/server/src/policies/probe.ts', from: 'apps/server/src/routes', why: 'policies → routes' },
    { importer: 'apps/server/src/db/probe.ts', from: 'apps/server/src/routes', why: 'db → routes' },
    ...[...serverDomains.filter((dir) => dir !== 'auth'), ...authFolders].flatMap((dir) => [
      { importer: `apps/server/src/${dir}/probe.ts`, from: 'apps/server/src/routes', why: `${dir} → routes` },
      { importer: `apps/server/src/${dir}/probe.ts`, from: 'apps/server/src/plugins', why: `${dir} → plugins` },
    ]),
    ...serverDomains
      .filter((dir) => dir !== 'storage')
      .map((dir) => ({ importer: 'apps/server/src/db/probe.ts', from: `apps/server/src/${dir}`, why: `db → ${dir}` })),
    { importer: 'apps/web/src/features/trails/probe.ts', from: 'apps/web/src/features/admin/api', why: 'feature → feature' },
    { importer: 'apps/web/src/components/probe.ts', from: 'apps/web/src/features/trails/api', why: 'components → features' },
    { importer: 'apps/web/src/lib/probe.ts', from: 'apps/web/src/features/trails/api', why: 'lib → features' },
    { importer: 'apps/web/src/features/trails/probe.ts', from: 'apps/web/src/app', why: 'features → app' },
  ];

  it.each(required)('fires on $why', async ({ importer, from }) => {
    const imported = firstSource(from);
    expect(imported, `${from} has sources`).toBeDefined();
    const messages = await lintAs(importer, importing(specifier(importer, imported!)));
    expect(ruleIds(messages)).toContain('import-x/no-restricted-paths');
  });

  it('fires on every zone the configuration declares', async () => {
    const config = (await eslint.calculateConfigForFile(join(root, 'apps/server/src/app.ts'))) as Linter.Config;
    const [, options] = config.rules!['import-x/no-restricted-paths'] as [unknown, { zones: Zone[] }];
    expect(options.zones.length).toBeGreaterThan(10);
    for (const zone of options.zones) {
      const target = posix(relative(root, join(root, zone.target)));
      const from = posix(relative(root, join(root, zone.from)));
      const skip = [target, ...(zone.except ?? []).map((e) => posix(join(from, e)))];
      const imported = firstSource(from, skip);
      expect(imported, `a source to import from ${from}`).toBeDefined();
      const importer = `${target}/probe.ts`;
      const messages = await lintAs(importer, importing(specifier(importer, imported!)));
      const fired = messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
      expect(fired.join('\n'), `${target} importing ${imported}`).toContain(zone.message ?? '');
      expect(fired.length, `${target} importing ${imported}`).toBeGreaterThan(0);
    }
  });

  it('covers every folder of the server that is not its edge (a new domain folder joins a zone or fails here)', () => {
    const folders = readdirSync(join(root, 'apps/server/src'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(folders.filter((dir) => !serverEdge.includes(dir)).sort()).toEqual([...serverDomains].sort());
  });

  it('probes every folder of the auth module', () => {
    const folders = (dir: string): string[] =>
      readdirSync(join(root, 'apps/server/src', dir), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .flatMap((entry) => [`${dir}/${entry.name}`, ...folders(`${dir}/${entry.name}`)]);
    expect(folders('auth').sort()).toEqual(authFolders.filter((f) => f !== 'auth').sort());
  });

  it('stays quiet on an import the rules allow', async () => {
    const importer = 'apps/server/src/routes/probe.ts';
    const messages = await lintAs(importer, importing(specifier(importer, 'apps/server/src/trails/trails.ts')));
    expect(ruleIds(messages)).not.toContain('import-x/no-restricted-paths');
  });
});

describe('no-restricted-imports', () => {
  it.each(['db', ...serverDomains.filter((dir) => dir !== 'auth'), ...authFolders])('keeps Fastify out of %s/', async (dir) => {
    for (const name of ['fastify', '@fastify/rate-limit', 'fastify-plugin']) {
      const messages = await lintAs(`apps/server/src/${dir}/probe.ts`, importing(name));
      expect(ruleIds(messages), name).toContain('no-restricted-imports');
    }
  });

  it('lets routes and plugins import Fastify', async () => {
    const messages = await lintAs('apps/server/src/plugins/probe.ts', importing('fastify'));
    expect(ruleIds(messages)).not.toContain('no-restricted-imports');
  });

  it.each(['node:fs', 'react', 'react-dom', 'react/jsx-runtime'])('keeps %s out of packages/shared', async (name) => {
    const messages = await lintAs('packages/shared/src/domain/probe.ts', importing(name));
    expect(ruleIds(messages)).toContain('no-restricted-imports');
  });
});

describe('import-x/no-extraneous-dependencies', () => {
  // Installed (as dependencies of better-auth, fastify, vite) but declared by no package.json here.
  it.each(['better-call', 'kysely', 'find-my-way'])('reports an import of the undeclared %s', async (name) => {
    const messages = await lintAs('apps/server/src/auth/probe.ts', importing(name));
    expect(ruleIds(messages)).toContain('import-x/no-extraneous-dependencies');
  });

  it('stays quiet on declared packages', async () => {
    for (const name of ['better-auth/api', 'drizzle-orm', '@trailbuddy/shared/contracts/identity']) {
      const messages = await lintAs('apps/server/src/auth/probe.ts', importing(name));
      expect(ruleIds(messages), name).not.toContain('import-x/no-extraneous-dependencies');
    }
  });
});
