// From Lighthouse reports to what a reader acts on: the median score of each category per page type,
// whether it meets the goal, and for every audit that costs points, how often it failed and on what.
import { BLOCKED_URL_PATTERNS, CATEGORIES, GOALS, type CategoryId } from './config.ts';
import type { PageType } from './page-types.ts';

/** The part of a Lighthouse report (its LHR) read here. */
export interface ReportLike {
  runtimeError?: { code: string; message: string } | undefined;
  categories: Record<
    string,
    { score: number | null; auditRefs: { id: string; weight: number }[] } | undefined
  >;
  audits: Record<string, AuditLike | undefined>;
  environment: { benchmarkIndex: number };
}

interface AuditLike {
  title: string;
  score: number | null;
  /** A metric's value: milliseconds, or the layout shift's unitless score. */
  numericValue?: number | undefined;
  displayValue?: string | undefined;
  details?: { type: string; items?: unknown } | undefined;
}

/** The metrics the performance score is made of (Lighthouse 10 and later), in the order shown. */
export const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;
export type MetricId = (typeof METRICS)[number];

export interface FailingAudit {
  category: CategoryId;
  id: string;
  title: string;
  /** The audit's score, 0 to 1 (metrics score in between). */
  score: number;
  displayValue?: string | undefined;
  /** Up to three elements, addresses or messages it failed on. */
  examples: string[];
  /** Why this page type fails it on purpose, if it does. */
  expected?: string | undefined;
}

export interface RunSummary {
  /** 0 to 100 per category; null when Lighthouse could not score it. */
  scores: Record<CategoryId, number | null>;
  /** Each performance metric's value (see AuditLike.numericValue); null when Lighthouse had none. */
  metrics: Record<MetricId, number | null>;
  failing: FailingAudit[];
  /** Requests Lighthouse blocked: the internet, which this offline machine cannot reach. */
  blocked: string[];
  /** Requests that failed for any other reason: real errors. */
  failed: string[];
  /** Lighthouse's measure of this machine's speed at the time (a fast desktop is 1,000 or more). */
  benchmarkIndex: number;
  runtimeError?: string | undefined;
}

const MAX_EXAMPLES = 3;
const MAX_EXAMPLE_LENGTH = 160;

function matchesBlockedPattern(url: string): boolean {
  return BLOCKED_URL_PATTERNS.some((pattern) => url.startsWith(pattern.replace(/\*$/, '')));
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The one line that says what an audit's table row is about: an element, a link, a message or a URL. */
export function exampleOf(item: unknown): string | undefined {
  const row = asRecord(item);
  if (!row) return undefined;
  const node = asRecord(row.node);
  const location = asRecord(row.sourceLocation);
  const description = text(row.description);
  // A console message with where it came from: a failed load names the address that failed.
  if (description && text(location?.url)) return oneLine(`${description} — ${String(location?.url)}`);
  const found =
    description ??
    text(node?.snippet) ??
    (text(row.href) ? `${String(row.href)} “${text(row.text) ?? ''}”` : undefined) ??
    text(row.url) ??
    text(location?.url) ??
    text(row.source);
  return found ? oneLine(found) : undefined;
}

function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

function shortened(example: string): string {
  return example.length > MAX_EXAMPLE_LENGTH ? `${example.slice(0, MAX_EXAMPLE_LENGTH - 1)}…` : example;
}

/** A table audit's rows (a checklist's items are an object, and not rows). */
function rowsOf(audit: AuditLike | undefined): unknown[] {
  const items = audit?.details?.items;
  return Array.isArray(items) ? items : [];
}

function networkRequests(report: ReportLike): { url: string; statusCode: number }[] {
  return rowsOf(report.audits['network-requests']).flatMap((item) => {
    const row = asRecord(item);
    return typeof row?.url === 'string' && typeof row.statusCode === 'number'
      ? [{ url: row.url, statusCode: row.statusCode }]
      : [];
  });
}

/** One Lighthouse run, reduced to scores, the audits that cost points, and the requests that failed. */
export function summariseRun(report: ReportLike, pageType: PageType): RunSummary {
  const scores = {} as Record<CategoryId, number | null>;
  const failing: FailingAudit[] = [];
  for (const category of CATEGORIES) {
    const scored = report.categories[category];
    scores[category] = scored?.score == null ? null : Math.round(scored.score * 100);
    for (const ref of scored?.auditRefs ?? []) {
      const audit = report.audits[ref.id];
      // Only weighted audits move the score; a null score is "not applicable" or "check by hand".
      if (ref.weight === 0 || !audit || audit.score === null || audit.score >= 1) continue;
      const examples = rowsOf(audit)
        .map(exampleOf)
        .filter((example): example is string => example !== undefined);
      const expected = pageType.expectedFailures?.[ref.id];
      const byDesign =
        expected &&
        (!expected.onlyRows ||
          (examples.length > 0 && examples.every((example) => expected.onlyRows?.test(example))));
      failing.push({
        category,
        id: ref.id,
        title: audit.title,
        score: audit.score,
        displayValue: audit.displayValue,
        examples: examples.slice(0, MAX_EXAMPLES).map(shortened),
        expected: byDesign ? expected.reason : undefined,
      });
    }
  }
  const metrics = {} as Record<MetricId, number | null>;
  for (const metric of METRICS) metrics[metric] = report.audits[metric]?.numericValue ?? null;
  const unanswered = networkRequests(report).filter((request) => request.statusCode < 0);
  return {
    scores,
    metrics,
    failing,
    blocked: unanswered.filter((request) => matchesBlockedPattern(request.url)).map((r) => r.url),
    failed: unanswered.filter((request) => !matchesBlockedPattern(request.url)).map((r) => r.url),
    benchmarkIndex: report.environment.benchmarkIndex,
    runtimeError: report.runtimeError
      ? `${report.runtimeError.code}: ${report.runtimeError.message}`
      : undefined,
  };
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('The median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

export interface FailingAuditAcrossRuns extends Omit<FailingAudit, 'score'> {
  /** In how many of the runs it failed. */
  runsFailed: number;
  /** Its lowest score over those runs. */
  lowestScore: number;
}

export interface PageTypeResult {
  name: string;
  path: string;
  runs: number;
  /** The median of each category's scores over the runs; null when any run could not score it. */
  medians: Record<CategoryId, number | null>;
  /** The median of each performance metric over the runs (null when any run had none): what the score is made of. */
  metricMedians: Record<MetricId, number | null>;
  /** The goal is met on the median, or the category loses points only on audits failed by design. */
  meetsGoal: Record<CategoryId, boolean>;
  failing: FailingAuditAcrossRuns[];
  blocked: string[];
  failed: string[];
  benchmarkIndex: number;
  runtimeErrors: string[];
}

/** The runs of one page type together: medians, goals, and each costly audit once. */
export function summarisePageType(pageType: PageType, runs: readonly RunSummary[]): PageTypeResult {
  const medians = {} as Record<CategoryId, number | null>;
  const meetsGoal = {} as Record<CategoryId, boolean>;
  const failing = new Map<string, FailingAuditAcrossRuns>();
  for (const run of runs) {
    for (const audit of run.failing) {
      const seen = failing.get(audit.id);
      if (seen) {
        seen.runsFailed += 1;
        seen.lowestScore = Math.min(seen.lowestScore, audit.score);
        // One run that failed it for a reason other than the design makes it a real failure.
        if (audit.expected === undefined) seen.expected = undefined;
        seen.examples = [...new Set([...seen.examples, ...audit.examples])].slice(0, MAX_EXAMPLES);
      } else {
        const { score, ...rest } = audit;
        failing.set(audit.id, { ...rest, runsFailed: 1, lowestScore: score });
      }
    }
  }
  for (const category of CATEGORIES) {
    const scores = runs.map((run) => run.scores[category]);
    const scored = scores.filter((score) => score !== null);
    const complete = scored.length === scores.length && scores.length > 0;
    medians[category] = complete ? median(scored) : null;
    const costly = [...failing.values()].filter((audit) => audit.category === category);
    const onlyByDesign = costly.length > 0 && costly.every((audit) => audit.expected !== undefined);
    meetsGoal[category] = complete && ((medians[category] ?? 0) >= GOALS[category] || onlyByDesign);
  }
  const metricMedians = {} as Record<MetricId, number | null>;
  for (const metric of METRICS) {
    const values = runs.map((run) => run.metrics[metric]);
    const measured = values.filter((value) => value !== null);
    metricMedians[metric] = measured.length === values.length && values.length > 0 ? median(measured) : null;
  }
  const unique = (lists: string[][]) => [...new Set(lists.flat())].sort();
  return {
    name: pageType.name,
    path: pageType.path,
    runs: runs.length,
    medians,
    metricMedians,
    meetsGoal,
    failing: [...failing.values()].sort(
      (a, b) =>
        CATEGORIES.indexOf(a.category) - CATEGORIES.indexOf(b.category) || b.runsFailed - a.runsFailed,
    ),
    blocked: unique(runs.map((run) => run.blocked)),
    failed: unique(runs.map((run) => run.failed)),
    benchmarkIndex: Math.round(median(runs.map((run) => run.benchmarkIndex))),
    runtimeErrors: unique(runs.map((run) => (run.runtimeError ? [run.runtimeError] : []))),
  };
}

const LABELS: Record<CategoryId, string> = {
  performance: 'performance',
  accessibility: 'accessibility',
  'best-practices': 'best practices',
  seo: 'SEO',
};

/** The table: one row per page type, the median score per category (`*` below the goal), the goal last. */
export function formatTable(results: readonly PageTypeResult[]): string {
  const header = ['page type', ...CATEGORIES.map((category) => LABELS[category]), 'machine'];
  const rows = results.map((result) => [
    result.name,
    ...CATEGORIES.map((category) => {
      const score = result.medians[category];
      const shown = score === null ? 'n/a' : String(score);
      return result.meetsGoal[category] ? shown : `${shown} *`;
    }),
    String(result.benchmarkIndex),
  ]);
  const goal = ['goal', ...CATEGORIES.map((category) => `≥ ${String(GOALS[category])}`), ''];
  return layOut(header, rows, goal);
}

/** Columns aligned, the first to the left and the others to the right, a rule under the header and above the last row. */
function layOut(header: string[], rows: string[][], last: string[]): string {
  const all = [header, ...rows, last];
  const widths = header.map((_, column) => Math.max(...all.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '─'.repeat(width)).join('  ');
  return [line(header), rule, ...rows.map(line), rule, line(last)].join('\n');
}

const METRIC_LABELS: Record<MetricId, string> = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
};

/**
 * Where a metric scores 0.9 on mobile, as Lighthouse 13 scores it (its "good" threshold; the p10 of its
 * log-normal curve: https://developer.chrome.com/docs/lighthouse/performance/performance-scoring).
 */
const METRIC_GOOD: Record<MetricId, number> = {
  'first-contentful-paint': 1800,
  'largest-contentful-paint': 2500,
  'total-blocking-time': 200,
  'cumulative-layout-shift': 0.1,
  'speed-index': 3387,
};

function formatMetric(metric: MetricId, value: number | null): string {
  if (value === null) return 'n/a';
  if (metric === 'cumulative-layout-shift') return value.toFixed(3);
  if (metric === 'total-blocking-time') return `${String(Math.round(value))} ms`;
  return `${(value / 1000).toFixed(2)} s`;
}

/** The second table: the median of each metric per page type, what the performance score is made of. */
export function formatMetricTable(results: readonly PageTypeResult[]): string {
  const header = ['page type', ...METRICS.map((metric) => METRIC_LABELS[metric])];
  const rows = results.map((result) => [
    result.name,
    ...METRICS.map((metric) => formatMetric(metric, result.metricMedians[metric])),
  ]);
  const good = ['good', ...METRICS.map((metric) => `≤ ${formatMetric(metric, METRIC_GOOD[metric])}`)];
  return layOut(header, rows, good);
}

/** Per page type: the audits that cost points (and why), what was blocked, and what failed. */
export function formatFindings(results: readonly PageTypeResult[]): string {
  const lines: string[] = [];
  for (const result of results) {
    const notes: string[] = [];
    for (const error of result.runtimeErrors) notes.push(`  Lighthouse could not measure: ${error}`);
    for (const audit of result.failing) {
      const value = audit.displayValue ? ` (${audit.displayValue})` : '';
      const byDesign = audit.expected ? ` — by design: ${audit.expected}` : '';
      notes.push(
        `  ${LABELS[audit.category]}: ${audit.id}, ${String(audit.runsFailed)}/${String(result.runs)} runs${value}: ${audit.title}${byDesign}`,
      );
      for (const example of audit.examples) notes.push(`      ${example}`);
    }
    if (result.failed.length > 0)
      notes.push(`  failed requests (counted as errors): ${result.failed.join(', ')}`);
    if (result.blocked.length > 0) {
      const hosts = [...new Set(result.blocked.map((url) => new URL(url).host))].join(', ');
      notes.push(
        `  blocked ${String(result.blocked.length)} requests to the internet (${hosts}): not reachable offline`,
      );
    }
    if (notes.length > 0) lines.push(`${result.name} ${result.path}`, ...notes);
  }
  return lines.join('\n');
}
