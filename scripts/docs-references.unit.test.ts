import { describe, expect, it } from 'vitest';
import { checkRepository, checkText, repositoryRoot, sectionsOf, type Documents } from './docs-references.js';

// These two files spell out the patterns they look for.
const SELF = new Set(['scripts/docs-references.ts', 'scripts/docs-references.unit.test.ts']);

describe('the documents the repository cites', () => {
  it('are all in it: every product §n, architecture §n, ADR and docs/ path resolves', () => {
    const problems = checkRepository(repositoryRoot, SELF).map((p) => `${p.file}:${p.line}: ${p.citation}: ${p.problem}`);
    expect(problems).toEqual([]);
  });
});

describe('the checker', () => {
  const docs: Documents = {
    product: sectionsOf('# Product\n\n## 1. What it does\n\nPairs people.\n\n## 2. Screens\n\n- **agenda**: month calendar.\n'),
    architecture: sectionsOf('## 1. The shape\n\n- **Live updates.** NOTIFY.\n\n## 2. Stack\n\nFastify.\n'),
    decisions: new Set(['0001', '0059']),
    exists: (path) => path === 'docs/product.md' || path === 'docs/decisions/0001-record-decisions.md',
  };
  const problemsIn = (text: string, file = 'apps/server/src/x.ts') => checkText(file, text, docs).map((p) => p.problem);

  it('accepts citations that resolve', () => {
    expect(problemsIn('// product §2 "agenda", architecture §1 "Live updates", architecture §1–2, ADR 0059, docs/product.md')).toEqual([]);
  });

  it('reports a missing section, a quote the section does not have, a missing ADR and a missing file', () => {
    expect(problemsIn('// product §10, architecture §1 "Dead updates", ADRs 0001 and 0058, docs/missing.md')).toEqual([
      'docs/product.md has no section 10',
      'section 1 of docs/architecture.md does not say "Dead updates"',
      'no ADR 0058 in docs/decisions',
      'docs/missing.md does not exist',
    ]);
  });

  it('reports the old names outside the old ADRs, which resolve them to our documents', () => {
    expect(problemsIn('// SPEC §2 and ARCHITECTURE.md §1')).toHaveLength(2);
    expect(problemsIn('ARCHITECTURE §1 "Live updates" and SPEC §3', 'docs/decisions/0006-x.md')).toEqual([
      'docs/product.md has no section 3',
    ]);
  });

  it('resolves relative Markdown links from the document that holds them', () => {
    expect(problemsIn('[0001](0001-record-decisions.md) [gone](0002-gone.md)', 'docs/decisions/0059-x.md')).toEqual([
      "the link's target docs/decisions/0002-gone.md does not exist",
    ]);
  });
});
