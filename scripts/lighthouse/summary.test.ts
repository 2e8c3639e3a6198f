import { describe, expect, it } from 'vitest';
import { PAGE_TYPES, selectPageTypes, type PageType } from './page-types.ts';
import {
  formatFindings,
  formatMetricTable,
  formatTable,
  median,
  summarisePageType,
  summariseRun,
  type ReportLike,
} from './summary.ts';

const game = PAGE_TYPES.find((pageType) => pageType.name === 'game') as PageType;
const notFound = PAGE_TYPES.find((pageType) => pageType.name === '404') as PageType;

interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
}

/** A small report in Lighthouse's shape: scores, and the audits given, each weighted in its category. */
function report(
  scores: Scores,
  audits: Record<string, { category: string; score: number | null; items?: unknown[]; weight?: number }> = {},
  requests: { url: string; statusCode: number }[] = [],
): ReportLike {
  const refs = (category: string) =>
    Object.entries(audits)
      .filter(([, audit]) => audit.category === category)
      .map(([id, audit]) => ({ id, weight: audit.weight ?? 1 }));
  return {
    categories: {
      performance: { score: scores.performance, auditRefs: refs('performance') },
      accessibility: { score: scores.accessibility, auditRefs: refs('accessibility') },
      'best-practices': { score: scores.bestPractices, auditRefs: refs('best-practices') },
      seo: { score: scores.seo, auditRefs: refs('seo') },
    },
    audits: {
      ...Object.fromEntries(
        Object.entries(audits).map(([id, audit]) => [
          id,
          { title: id, score: audit.score, details: { type: 'table', items: audit.items ?? [] } },
        ]),
      ),
      'network-requests': {
        title: 'Network requests',
        score: null,
        details: { type: 'table', items: requests },
      },
    },
    environment: { benchmarkIndex: 1200 },
  };
}

const perfect: Scores = { performance: 1, accessibility: 1, bestPractices: 1, seo: 1 };
const ownNotFound = {
  source: 'network',
  description: 'Failed to load resource: the server responded with a status of 404 (Not Found)',
  sourceLocation: { url: 'http://127.0.0.1:8788/404' },
};

describe('one Lighthouse run', () => {
  it('gives scores out of 100 and names each audit that costs points, with the element it failed on', () => {
    const run = summariseRun(
      report(
        { ...perfect, accessibility: 0.96 },
        {
          'color-contrast': {
            category: 'accessibility',
            score: 0,
            items: [{ node: { snippet: '<a class="muted" href="/game/portal-2">' } }],
          },
          'aria-allowed-role': { category: 'accessibility', score: 1 },
          // Weight 0: shown by Lighthouse, but it moves no score.
          'unused-javascript': { category: 'performance', score: 0, weight: 0 },
        },
      ),
      game,
    );
    expect(run.scores).toEqual({ performance: 100, accessibility: 96, 'best-practices': 100, seo: 100 });
    expect(run.failing).toEqual([
      expect.objectContaining({
        category: 'accessibility',
        id: 'color-contrast',
        examples: ['<a class="muted" href="/game/portal-2">'],
        expected: undefined,
      }),
    ]);
  });

  it('tells the internet Lighthouse blocked apart from requests that failed on their own', () => {
    const run = summariseRun(
      report(perfect, {}, [
        { url: 'http://127.0.0.1:8788/', statusCode: 200 },
        { url: 'https://shared.akamai.steamstatic.com/header.jpg', statusCode: -1 },
        { url: 'http://127.0.0.1:8788/assets/missing.js', statusCode: -1 },
      ]),
      game,
    );
    expect(run.blocked).toEqual(['https://shared.akamai.steamstatic.com/header.jpg']);
    expect(run.failed).toEqual(['http://127.0.0.1:8788/assets/missing.js']);
  });

  it('counts the not-found page’s own 404 in the console as by design, and nothing beside it', () => {
    const alone = summariseRun(
      report(
        { ...perfect, bestPractices: 0.96 },
        {
          'errors-in-console': { category: 'best-practices', score: 0, items: [ownNotFound] },
        },
      ),
      notFound,
    );
    expect(alone.failing[0]?.expected).toMatch(/own 404/);

    const withScriptError = summariseRun(
      report(
        { ...perfect, bestPractices: 0.96 },
        {
          'errors-in-console': {
            category: 'best-practices',
            score: 0,
            items: [
              ownNotFound,
              {
                source: 'network',
                description: 'Failed to load resource: the server responded with a status of 404 (Not Found)',
                sourceLocation: { url: 'http://127.0.0.1:8788/assets/entry-client.js' },
              },
            ],
          },
        },
      ),
      notFound,
    );
    expect(withScriptError.failing[0]?.expected).toBeUndefined();

    // The same message on any other page type is a real error.
    const onGame = summariseRun(
      report(perfect, {
        'errors-in-console': { category: 'best-practices', score: 0, items: [ownNotFound] },
      }),
      game,
    );
    expect(onGame.failing[0]?.expected).toBeUndefined();
  });
});

describe('the runs of a page type together', () => {
  it('takes the median of each category, and judges it against the goal', () => {
    const runs = [0.97, 0.99, 1, 0.98, 0.99].map((performance) =>
      summariseRun(report({ ...perfect, performance }), game),
    );
    const result = summarisePageType(game, runs);
    expect(result.medians.performance).toBe(99);
    expect(result.meetsGoal).toEqual({
      performance: true,
      accessibility: true,
      'best-practices': true,
      seo: true,
    });

    const slower = summarisePageType(
      game,
      [0.97, 0.98, 1].map((performance) => summariseRun(report({ ...perfect, performance }), game)),
    );
    expect(slower.meetsGoal.performance).toBe(false);
    expect(formatTable([slower])).toMatch(/^game\s+98 \*\s+100\s+100\s+100\s+1200$/m);
  });

  it('gives the median of each performance metric, what the score is made of', () => {
    /** A run whose first paint took `fcp` ms; its other metrics are the same in every run. */
    const withMetrics = (fcp: number): ReportLike => {
      const base = report(perfect);
      const metric = (title: string, numericValue: number) => ({ title, score: 1, numericValue });
      return {
        ...base,
        audits: {
          ...base.audits,
          'first-contentful-paint': metric('FCP', fcp),
          'largest-contentful-paint': metric('LCP', 2100),
          'total-blocking-time': metric('TBT', 30.4),
          'cumulative-layout-shift': metric('CLS', 0.0123),
          'speed-index': metric('SI', 1500),
        },
      };
    };
    const result = summarisePageType(
      game,
      [1900, 850, 920].map((fcp) => summariseRun(withMetrics(fcp), game)),
    );
    expect(result.metricMedians).toEqual({
      'first-contentful-paint': 920,
      'largest-contentful-paint': 2100,
      'total-blocking-time': 30.4,
      'cumulative-layout-shift': 0.0123,
      'speed-index': 1500,
    });
    expect(formatMetricTable([result])).toMatch(/^game\s+0\.92 s\s+2\.10 s\s+30 ms\s+0\.012\s+1\.50 s$/m);
    // A report without a metric (Lighthouse could not measure it) has none to show.
    const unmeasured = summarisePageType(game, [summariseRun(report(perfect), game)]);
    expect(unmeasured.metricMedians['total-blocking-time']).toBeNull();
    expect(formatMetricTable([unmeasured])).toMatch(/^game\s+n\/a\s+n\/a\s+n\/a\s+n\/a\s+n\/a$/m);
  });

  it('lets the not-found page miss SEO only on the audits it fails by design', () => {
    const seoByDesign = {
      'http-status-code': { category: 'seo', score: 0 },
      'is-crawlable': { category: 'seo', score: 0 },
    };
    const byDesign = summarisePageType(notFound, [
      summariseRun(report({ ...perfect, seo: 0.58 }, seoByDesign), notFound),
    ]);
    expect(byDesign.meetsGoal.seo).toBe(true);
    expect(formatFindings([byDesign])).toContain('by design: a missing page must answer 404');

    const withMissingTitle = summarisePageType(notFound, [
      summariseRun(
        report({ ...perfect, seo: 0.5 }, { ...seoByDesign, 'document-title': { category: 'seo', score: 0 } }),
        notFound,
      ),
    ]);
    expect(withMissingTitle.meetsGoal.seo).toBe(false);
  });

  it('lets search, sign-in and sign-up be unindexed by design, and no page that should be found', () => {
    const noindex = { 'is-crawlable': { category: 'seo', score: 0 } };
    const judged = (name: string) => {
      const pageType = selectPageTypes([name])[0] as PageType;
      return summarisePageType(pageType, [summariseRun(report({ ...perfect, seo: 0.66 }, noindex), pageType)])
        .meetsGoal.seo;
    };
    expect(['search', 'login', 'signup'].map(judged)).toEqual([true, true, true]);
    expect(['home', 'game', 'user', 'event', 'list'].map(judged)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('treats an audit as a real failure when any run failed it for another reason', () => {
    const ownOnly = { 'errors-in-console': { category: 'best-practices', score: 0, items: [ownNotFound] } };
    const alsoScript = {
      'errors-in-console': {
        category: 'best-practices',
        score: 0,
        items: [
          ownNotFound,
          {
            description: 'Uncaught TypeError: x is undefined',
            sourceLocation: { url: 'http://127.0.0.1:8788/assets/a.js' },
          },
        ],
      },
    };
    const result = summarisePageType(notFound, [
      summariseRun(report({ ...perfect, bestPractices: 0.96 }, ownOnly), notFound),
      summariseRun(report({ ...perfect, bestPractices: 0.96 }, alsoScript), notFound),
    ]);
    expect(result.failing[0]).toMatchObject({ id: 'errors-in-console', runsFailed: 2, expected: undefined });
    expect(result.meetsGoal['best-practices']).toBe(false);
    expect(formatFindings([result])).toContain('Uncaught TypeError: x is undefined');
  });

  it('has no score for a category Lighthouse could not measure in some run', () => {
    const failedRun = summariseRun(
      {
        ...report(perfect),
        categories: {},
        runtimeError: { code: 'NO_FCP', message: 'The page did not paint' },
      },
      game,
    );
    const result = summarisePageType(game, [summariseRun(report(perfect), game), failedRun]);
    expect(result.medians.performance).toBeNull();
    expect(result.meetsGoal.performance).toBe(false);
    expect(formatFindings([result])).toContain('Lighthouse could not measure: NO_FCP');
  });
});

describe('median and page types', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });

  it('measures every public page type unless told which, and refuses a name it does not know', () => {
    expect(selectPageTypes([]).map((pageType) => pageType.name)).toEqual([
      'home',
      'game',
      'user',
      'event',
      'list',
      'search',
      'login',
      'signup',
      '404',
    ]);
    expect(selectPageTypes(['list']).map((pageType) => pageType.path)).toEqual([
      '/lists/games/indie-essentials',
    ]);
    expect(() => selectPageTypes(['admin'])).toThrow(/No page type "admin"/);
  });
});
