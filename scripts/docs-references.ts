// What the repository's comments and documents cite, and whether it is there (ADR 0059): the
// product page (`product §n`), the architecture page (`architecture §n`), an ADR (`ADR nnnn`)
// and any `docs/….md` path or relative Markdown link. A citation of a section may name a part of
// it in double quotes (`architecture §1 "Live updates"`): the words must be in that section.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';

export const PRODUCT = 'docs/product.md';
export const ARCHITECTURE = 'docs/architecture.md';
const DECISIONS = 'docs/decisions';

/** The files whose text is read: source, configuration and documents, not data or binaries. */
const TEXT_FILE = /\.(?:[cm]?[jt]sx?|md|json|ya?ml|css|html|sh)$|^\.env\.example$|^\.ci\/run$/;
const SKIPPED = new Set(['package-lock.json']);

export interface Problem {
  file: string;
  line: number;
  citation: string;
  problem: string;
}

/** A document split into its numbered sections: `## 7. Budgets` → 7 → the section's text. */
export function sectionsOf(markdown: string): Map<number, string> {
  const sections = new Map<number, string>();
  let current: number | undefined;
  for (const line of markdown.split('\n')) {
    const heading = /^## (\d+)\. /.exec(line);
    if (heading) current = Number(heading[1]);
    else if (/^## /.test(line)) current = undefined;
    if (current !== undefined) sections.set(current, `${sections.get(current) ?? ''}${line}\n`);
  }
  return sections;
}

export interface Documents {
  product: Map<number, string>;
  architecture: Map<number, string>;
  /** ADR numbers that have a file in docs/decisions. */
  decisions: Set<string>;
  /** Whether a repository path exists. */
  exists(path: string): boolean;
}

const squash = (text: string) => text.toLowerCase().replace(/[*`_]/g, '').replace(/\s+/g, ' ');

/** Whether the quoted words of a citation are in the section ("a ... b": each part, in order). */
function quoteIsIn(quote: string, section: string): boolean {
  const text = squash(section);
  let from = 0;
  for (const part of quote.split(/\.\.\.|…/).map((p) => squash(p).trim())) {
    const at = text.indexOf(part, from);
    if (at < 0) return false;
    from = at + part.length;
  }
  return true;
}

// `product §5`, `architecture.md §3–4`, `product §2 "profile"`, `architecture §7's`.
const SECTION_CITATION = /\b(product|architecture)(?:\.md)? §(\d+)(?:[–-](\d+))?(?:['’]s)?(?: "([^"\n]+)")?/gi;
// The names the first documents had, outside this repository; old ADRs keep them (ADR 0059).
const LEGACY_SECTION_CITATION = /\b(SPEC|ARCHITECTURE)(?:\.md)? §(\d+)(?:[–-](\d+))?(?:['’]s)?(?: "([^"\n]+)")?/g;
const LEGACY_NAME = /(?<!")\b(SPEC|ARCHITECTURE)(?!(?:\.md)?")(?:\.md)?\b/g;
const ADR_CITATION = /\bADRs?((?:,? (?:and )?0\d{3}(?:[–-]0\d{3})?)+)/g;
const DOCS_PATH = /(?<![\w/.-])docs\/[\w./-]+\.md\b/g;
const MARKDOWN_LINK = /\]\(([^)\s#:]+\.md)(?:#[^)]*)?\)/g;

/** Every citation in one file's text that does not resolve. */
export function checkText(file: string, text: string, docs: Documents): Problem[] {
  const problems: Problem[] = [];
  const isOldDecision = file.startsWith(`${DECISIONS}/`);
  const lines = text.split('\n');
  lines.forEach((lineText, index) => {
    const report = (citation: string, problem: string) => problems.push({ file, line: index + 1, citation, problem });
    const checkSections = (match: RegExpExecArray, product: boolean) => {
      const [citation, , first = '', last, quote] = match;
      const name = product ? PRODUCT : ARCHITECTURE;
      const sections = product ? docs.product : docs.architecture;
      for (let n = Number(first); n <= Number(last ?? first); n++) {
        const section = sections.get(n);
        if (section === undefined) report(citation, `${name} has no section ${n}`);
        else if (quote !== undefined && !quoteIsIn(quote, section)) report(citation, `section ${n} of ${name} does not say "${quote}"`);
      }
    };
    for (const match of lineText.matchAll(SECTION_CITATION)) checkSections(match, match[1]!.toLowerCase() === 'product');
    if (isOldDecision) {
      // ADRs before 0059 cite the first documents by their old names: they resolve to ours.
      for (const match of lineText.matchAll(LEGACY_SECTION_CITATION)) checkSections(match, match[1] === 'SPEC');
    } else {
      for (const match of lineText.matchAll(LEGACY_NAME)) {
        report(
          match[0],
          `${match[1]} is not in this repository: cite ${match[1] === 'SPEC' ? 'product §n' : 'architecture §n'} (${match[1] === 'SPEC' ? PRODUCT : ARCHITECTURE})`,
        );
      }
    }
    for (const match of lineText.matchAll(ADR_CITATION)) {
      for (const range of match[1]!.matchAll(/(0\d{3})(?:[–-](0\d{3}))?/g)) {
        const [, from = '', to] = range;
        for (const n of to ? [from, to] : [from]) {
          if (!docs.decisions.has(n)) report(match[0].trim(), `no ADR ${n} in ${DECISIONS}`);
        }
      }
    }
    for (const match of lineText.matchAll(DOCS_PATH)) {
      if (!docs.exists(match[0])) report(match[0], `${match[0]} does not exist`);
    }
    if (file.endsWith('.md')) {
      for (const match of lineText.matchAll(MARKDOWN_LINK)) {
        const target = posix.normalize(posix.join(posix.dirname(file), match[1]!));
        if (!docs.exists(target)) report(match[0], `the link's target ${target} does not exist`);
      }
    }
  });
  return problems;
}

/** The repository's documents as the checker reads them. */
export function loadDocuments(root: string): Documents {
  const read = (path: string) => (existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : '');
  return {
    product: sectionsOf(read(PRODUCT)),
    architecture: sectionsOf(read(ARCHITECTURE)),
    decisions: new Set(
      readdirSync(join(root, DECISIONS))
        .map((name) => /^(\d{4})-.*\.md$/.exec(name)?.[1])
        .filter((n): n is string => n !== undefined),
    ),
    exists: (path) => existsSync(join(root, path)),
  };
}

/** The repository's text files, tracked or new (not ignored), as paths from its root. */
export function textFiles(root: string): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  return listed.split('\n').filter((path) => path && !SKIPPED.has(path) && TEXT_FILE.test(path) && existsSync(join(root, path)));
}

export function checkRepository(root: string, skip: ReadonlySet<string> = new Set()): Problem[] {
  const docs = loadDocuments(root);
  return textFiles(root)
    .filter((file) => !skip.has(file))
    .flatMap((file) => checkText(file, readFileSync(join(root, file), 'utf8'), docs));
}

export const repositoryRoot = dirname(dirname(new URL(import.meta.url).pathname));
