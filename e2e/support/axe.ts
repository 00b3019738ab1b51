/// <reference lib="dom" />
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AxeResults, ImpactValue } from 'axe-core';
import type { Page } from 'playwright-core';
import { artifactsDir } from './browser';

// Accessibility checks with axe-core in the browser suites (issue 7): every main screen is
// checked, and a violation of impact "serious" or "critical" fails the test. Moderate and minor
// findings are written to e2e/artifacts/axe/<label>.json with the rest, for review.

// The minified build is read once and evaluated in the page: evaluate is not subject to the
// page's Content-Security-Policy, an inline <script> tag would be.
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

// WCAG 2.0, 2.1 and 2.2 A/AA plus axe's best practices (landmarks, headings, regions).
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const FAILING: ReadonlySet<ImpactValue> = new Set<ImpactValue>(['serious', 'critical']);

export interface AccessibilityOptions {
  /** A CSS selector: check only this part of the page (default: the whole document). */
  include?: string;
  /**
   * Rules switched off for this check, each with the reason it is a false positive there.
   * Only for false positives: a real finding is fixed in the console.
   */
  disabledRules?: Record<string, string>;
  /** Run only these rules (default: every rule of the WCAG and best-practice tags). */
  onlyRules?: string[];
}

/** One axe finding, reduced to what a failure message needs. */
export interface AccessibilityViolation {
  id: string;
  impact: ImpactValue | null;
  help: string;
  helpUrl: string;
  nodes: { target: string; html: string; summary: string }[];
}

/** Runs axe-core on the page as it is now and returns every violation (all impacts). */
export async function axeViolations(page: Page, options: AccessibilityOptions = {}): Promise<AccessibilityViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const rules = Object.fromEntries(Object.keys(options.disabledRules ?? {}).map((id) => [id, { enabled: false }]));
  return page.evaluate(async ({ include, tags, rules, only }) => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResults> } }).axe;
    const results = await axe.run(include ?? document, {
      runOnly: only ? { type: 'rule', values: only } : { type: 'tag', values: tags },
      rules,
      resultTypes: ['violations'],
    });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      helpUrl: violation.helpUrl,
      nodes: violation.nodes.map((node) => ({
        target: node.target.map((part) => (Array.isArray(part) ? part.join(' >>> ') : String(part))).join(' '),
        html: node.html,
        summary: node.failureSummary ?? '',
      })),
    }));
  }, { include: options.include, tags: TAGS, rules, only: options.onlyRules });
}

/** The readable list of a failure: rule id, impact, help, and every element with its selector. */
export function describeViolations(violations: AccessibilityViolation[]): string {
  return violations.map((violation) => [
    `- ${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help}`,
    `  ${violation.helpUrl}`,
    ...violation.nodes.map((node) => `    ${node.target}\n      ${node.html.slice(0, 200)}\n      ${node.summary.replace(/\n\s*/g, ' | ')}`),
  ].join('\n')).join('\n');
}

/** The violations that fail a check: impact serious or critical. */
export function failingViolations(violations: AccessibilityViolation[]): AccessibilityViolation[] {
  return violations.filter((violation) => violation.impact !== null && FAILING.has(violation.impact));
}

/**
 * Checks the page with axe-core and throws when any violation is serious or critical. `label`
 * names the screen in the message and in e2e/artifacts/axe/<label>.json. Returns all
 * violations, the moderate and minor ones included.
 */
export async function expectAccessible(page: Page, label: string, options: AccessibilityOptions = {}): Promise<AccessibilityViolation[]> {
  const violations = await axeViolations(page, options);
  const dir = join(artifactsDir, 'axe');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${label.replace(/[^A-Za-z0-9_-]+/g, '-')}.json`), `${JSON.stringify({ url: page.url(), violations }, null, 2)}\n`);
  const failing = failingViolations(violations);
  if (failing.length > 0) {
    throw new Error(`Accessibility check "${label}" (${page.url()}): ${failing.length} serious or critical violation(s)\n${describeViolations(failing)}`);
  }
  return violations;
}
