import { afterEach, describe, expect, it, vi } from 'vitest';
import { INSTALL_AND_ANALYTICS_TIMEOUT_MS } from '../../shared/constants.ts';
import { CALL_TIMEOUT_MS, TIMED_OUT_MESSAGE, withDeadline } from '../components/call-deadline.ts';
import { ApiError, callApi } from './api-client.ts';
import { trackPageViews } from './page-views.ts';

// Spec section 9: the installation and analytics timeout, 60 s, bounds every call of the browser to the
// API. A Worker that never answers must end in words for the member, not a spinner for ever. The deadline
// is injected (a signal the test ends), so nothing here waits on the clock.

/** A fetch that never answers: like the browser's, it gives up only when its signal ends. */
function neverAnswers() {
  const seen: RequestInit[] = [];
  const fetch = (_input: RequestInfo | URL, init: RequestInit = {}) => {
    seen.push(init);
    return new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => {
        reject(init.signal?.reason as Error);
      });
    });
  };
  return { fetch, seen };
}

/** A deadline the test ends when it chooses, as AbortSignal.timeout ends at its time. */
function deadlineEndedByTest() {
  const controller = new AbortController();
  return {
    deadline: () => controller.signal,
    pass: () => {
      controller.abort(new DOMException('The operation timed out.', 'TimeoutError'));
    },
  };
}

const noToken = { current: () => Promise.resolve(null), refreshed: () => Promise.resolve(null) };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('every browser call to the API has the spec’s deadline', () => {
  it('is the spec’s 60 s installation and analytics timeout', () => {
    expect(CALL_TIMEOUT_MS).toBe(INSTALL_AND_ANALYTICS_TIMEOUT_MS);
    expect(CALL_TIMEOUT_MS).toBe(60_000);
  });

  it('ends a call the Worker never answers with a clear message', async () => {
    const worker = neverAnswers();
    const clock = deadlineEndedByTest();
    const settled = callApi((api) => api.search.$get({ query: { q: 'hades' } }), noToken, {
      fetch: worker.fetch,
      ...clock,
    }).then(
      () => 'answered',
      (error: unknown) => error,
    );
    await vi.waitFor(() => {
      expect(worker.seen).toHaveLength(1);
    });
    clock.pass();
    const error = await settled;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'unavailable', message: TIMED_OUT_MESSAGE });
    expect(TIMED_OUT_MESSAGE).toMatch(/took too long/);
  });

  it('hands the deadline to the request itself', async () => {
    const worker = neverAnswers();
    const clock = deadlineEndedByTest();
    const settled = callApi((api) => api['page-views'].$post({ json: { path: '/' } }), noToken, {
      fetch: worker.fetch,
      ...clock,
    }).catch((error: unknown) => error);
    await vi.waitFor(() => {
      expect(worker.seen).toHaveLength(1);
    });
    expect(worker.seen[0]?.signal?.aborted).toBe(false);
    clock.pass();
    expect(await settled).toMatchObject({ code: 'unavailable', message: TIMED_OUT_MESSAGE });
    expect(worker.seen[0]?.signal?.aborted).toBe(true);
  });

  it('leaves an answer in time as it was', async () => {
    const answered = (() => Promise.resolve(Response.json({ results: [] }))) as typeof fetch;
    const clock = deadlineEndedByTest();
    await expect(
      callApi((api) => api.search.$get({ query: { q: 'hades' } }), noToken, { fetch: answered, ...clock }),
    ).resolves.toEqual({ results: [] });
  });

  it('sets the deadline 60 s out when no test passes one', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    const answered = (() => Promise.resolve(Response.json({ results: [] }))) as typeof fetch;
    await callApi((api) => api.search.$get({ query: { q: 'hades' } }), noToken, { fetch: answered });
    expect(timeout).toHaveBeenCalledWith(60_000);
  });

  it('sends each page view with the deadline, kept alive past the page', () => {
    const worker = neverAnswers();
    const clock = deadlineEndedByTest();
    const router = {
      state: { location: { key: 'a', pathname: '/game/hades' }, navigation: { state: 'idle' } },
      subscribe: () => () => undefined,
    };
    trackPageViews(router, worker.fetch, clock.deadline);
    expect(worker.seen).toHaveLength(1);
    expect(worker.seen[0]).toMatchObject({ method: 'POST', keepalive: true, body: '{"path":"/game/hades"}' });
    expect(worker.seen[0]?.signal).toBe(clock.deadline());
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    trackPageViews(router, worker.fetch);
    expect(timeout).toHaveBeenCalledWith(60_000);
  });

  it('ends page data and search at the deadline or when the caller stops, whichever comes first', () => {
    const navigation = new AbortController();
    const clock = deadlineEndedByTest();
    const signal = withDeadline(navigation.signal, clock.deadline);
    expect(signal.aborted).toBe(false);
    clock.pass();
    expect(signal.aborted).toBe(true);
    expect((signal.reason as DOMException).name).toBe('TimeoutError');
    const stopped = new AbortController();
    const other = withDeadline(stopped.signal, deadlineEndedByTest().deadline);
    stopped.abort();
    expect(other.aborted).toBe(true);
  });
});
