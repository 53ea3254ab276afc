import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The layout and dependency rules of docs/architecture.md §3 and the house style of §4, enforced
// rather than described; scripts/lint-probes proves that each rule still reports (ADR 0018).

// Web features never import each other (architecture §3): the app layer composes them.
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const featureIsolation = webFeatures.map((name) => ({
  target: `./apps/web/src/features/${name}`,
  from: './apps/web/src/features',
  except: [`./${name}`],
  message: 'features must not import other features; compose them in app/.',
}));

// The repository's package.json files: the root and every workspace.
const packageDirs = [
  '.',
  ...['apps', 'packages'].flatMap((group) =>
    readdirSync(new URL(`./${group}`, import.meta.url), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => `./${group}/${d.name}`),
  ),
].map((dir) => fileURLToPath(new URL(dir, import.meta.url)));

// The server's layers below the HTTP edge: they serve routes and plugins, never the reverse,
// and know nothing of Fastify (architecture §3). Every folder of apps/server/src is one, read
// from the disk so that a new domain folder is covered the day it appears (ADR 0071), except the
// edge itself (routes/, plugins/), the policies that read a Fastify request, and test/ (the test
// app builds the whole server).
const serverEdge = ['routes', 'plugins', 'policies', 'test'];
const serverCore = readdirSync(new URL('./apps/server/src', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory() && !serverEdge.includes(d.name))
  .map((d) => d.name);
// What the database layer never imports: everything above it. File storage sits beside it (the
// seed stores the demo pictures through it).
const aboveTheDatabase = serverCore.filter((dir) => dir !== 'db' && dir !== 'storage');

// The dependency rules of architecture §3, enforced rather than described.
const boundaries = {
  'import-x/no-restricted-paths': [
    'error',
    {
      zones: [
        // packages/* never import apps/*
        { target: './packages', from: './apps', message: 'packages/* must not import apps/*.' },
        // shared code stays free of Node, DOM and React
        { target: './packages/shared', from: './packages/auth-ui', message: 'shared must not import the widget.' },
        // server: routes → policies/domains → db; the domains never import Fastify, routes or plugins
        ...serverCore.flatMap((dir) => [
          { target: `./apps/server/src/${dir}`, from: './apps/server/src/routes', message: `${dir}/ must not import routes.` },
          { target: `./apps/server/src/${dir}`, from: './apps/server/src/plugins', message: `${dir}/ must not import plugins.` },
        ]),
        { target: './apps/server/src/policies', from: './apps/server/src/routes', message: 'policies must not import routes.' },
        ...aboveTheDatabase.map((dir) => ({
          target: './apps/server/src/db',
          from: `./apps/server/src/${dir}`,
          // The seed creates the demo people through the one user creator, so that Better Auth's
          // user hooks see them like every other user (ADR 0061, ADR 0070).
          ...(dir === 'auth' && { except: ['./create-user.ts'] }),
          message: `db must not import ${dir}/.`,
        })),
        // web: app → features → components/lib
        { target: './apps/web/src/components', from: './apps/web/src/features', message: 'components must not import features.' },
        { target: './apps/web/src/lib', from: './apps/web/src/features', message: 'lib must not import features.' },
        { target: './apps/web/src/features', from: './apps/web/src/app', message: 'features must not import app.' },
        { target: './apps/web/src/components', from: './apps/web/src/app', message: 'components must not import app.' },
        ...featureIsolation,
      ],
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-server/**',
      '**/node_modules/**',
      'data/**',
      'apps/server/src/db/migrations/**',
      'test-results/**',
      'bench/results/**',
      // Deliberate violations that the lint probe (scripts/lint-probes) expects the rules to report.
      'scripts/lint-probes/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      // Without these, import-x parses no TypeScript dependency and its rules (no-cycle among
      // them) silently pass: the TypeScript part of the plugin's own flat `typescript` config.
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'],
        }),
      ],
    },
    rules: {
      ...boundaries,
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      // Every package a file imports is declared in the repository (architecture §2): a
      // transitive dependency (a library's own, such as better-call under better-auth) can change
      // or vanish with any upgrade. The workspace's package.json files together are the list.
      'import-x/no-extraneous-dependencies': [
        'error',
        { devDependencies: true, optionalDependencies: false, peerDependencies: false, packageDir: packageDirs },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: serverCore.map((dir) => `apps/server/src/${dir}/**/*.ts`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['fastify', '@fastify/*', 'fastify-*'],
              message: 'the layers below routes/ and plugins/ never import Fastify (architecture §3).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['node:*', 'react', 'react-dom', 'react/*'], message: 'packages/shared has no Node, DOM or React imports.' }],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'packages/auth-ui/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Command-line entry points print to the terminal on purpose.
    files: ['apps/server/src/main.ts', 'scripts/**', 'bench/**', 'e2e/**', 'tools/**'],
    rules: { 'no-console': 'off' },
  },
);
