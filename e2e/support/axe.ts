import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue, Result, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
/** axe-core's browser bundle, injected into the page as it is (no CDN, nothing downloaded). */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0 and 2.1, levels A and AA, and Deque's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** The impacts that fail a check; moderate and minor findings are reported but do not fail. */
export const FAILING_IMPACTS: readonly ImpactValue[] = ['serious', 'critical'];

/**
 * Runs axe on the whole document as it is now, injecting axe-core first if the page lacks it.
 *
 * The server's Content-Security-Policy (`script-src 'self'`) refuses an inline <script>, so
 * `page.addScriptTag({ content })` is blocked; evaluating the source through the DevTools
 * protocol is not subject to the page's CSP. That keeps the app's real CSP in force during the
 * check (a context with `bypassCSP` would test a page no visitor gets).
 */
export async function runAxe(page: Page): Promise<AxeResults> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return page.evaluate((tags) => {
    const { axe } = window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } };
    return axe.run(document, { runOnly: tags, resultTypes: ['violations'] });
  }, AXE_TAGS);
}

/** One rule broken on one element, at one or more viewport widths. */
export interface Finding {
  id: string;
  impact: ImpactValue;
  help: string;
  helpUrl: string;
  target: string;
  summary: string;
  widths: number[];
}

/** Flattens violations to one finding per rule and element, merging the same finding seen at several widths. */
export function mergeFindings(runs: readonly { width: number; violations: readonly Result[] }[]): Finding[] {
  const byKey = new Map<string, Finding>();
  for (const { width, violations } of runs) {
    for (const rule of violations) {
      for (const node of rule.nodes) {
        const target = node.target.map((t) => (Array.isArray(t) ? t.join(' >>> ') : String(t))).join(' ');
        const key = `${rule.id}|${target}`;
        const known = byKey.get(key);
        if (known) {
          if (!known.widths.includes(width)) known.widths.push(width);
          continue;
        }
        byKey.set(key, {
          id: rule.id,
          impact: node.impact ?? rule.impact ?? 'minor',
          help: rule.help,
          helpUrl: rule.helpUrl,
          target,
          summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
          widths: [width],
        });
      }
    }
  }
  const rank: Record<string, number> = { critical: 0, serious: 1, moderate: 2, minor: 3 };
  return [...byKey.values()].sort(
    (a, b) => (rank[a.impact ?? 'minor'] ?? 9) - (rank[b.impact ?? 'minor'] ?? 9) || a.id.localeCompare(b.id),
  );
}

export const isFailing = (finding: Finding) => FAILING_IMPACTS.includes(finding.impact);

/** Rule id, impact, widths, help and link, then each element with axe's own explanation. */
export function formatFindings(view: string, findings: readonly Finding[]): string {
  if (findings.length === 0) return `${view}: no violations`;
  const lines = [`${view}:`];
  let lastRule = '';
  for (const f of findings) {
    const rule = `${f.impact}|${f.id}`;
    if (rule !== lastRule) {
      lines.push(`  [${f.impact}] ${f.id}: ${f.help}`, `      ${f.helpUrl}`);
      lastRule = rule;
    }
    lines.push(`      • ${f.target}  (at ${f.widths.join(', ')} px)`, `        ${f.summary}`);
  }
  return lines.join('\n');
}
