// How the Worker calls a function: one JSON POST, answered in full within a time limit (a function can
// stall before answering or halfway through its answer; either is no answer).

export interface PostWithin {
  /** What is called, in the words of the timeout's message ("search", "anon-auth"). */
  what: string;
  body: unknown;
  /** Headers beside the JSON ones (an ID token, the Worker's secret). */
  headers?: Record<string, string>;
  timeoutMs: number;
  fetch?: typeof fetch | undefined;
}

/** An answer, read whole: its status and its body as text. */
export interface Answered {
  status: number;
  ok: boolean;
  text: string;
}

/**
 * POSTs `body` as JSON to `url` and reads the whole answer within `timeoutMs`; throws the fetch's error,
 * a DOMException named TimeoutError when the time ran out. The limit is a timer cleared once the answer
 * is in, not AbortSignal.timeout: that one stays armed for the whole limit (70 s for a function) after
 * the call, and an isolate may hold only so many timers (workerd: 10,000) before every call fails.
 */
export async function postWithin(url: string, call: PostWithin): Promise<Answered> {
  const doFetch = call.fetch ?? ((input, init) => fetch(input, init));
  const deadline = new AbortController();
  const timer = setTimeout(() => {
    deadline.abort(new DOMException(`${call.what} did not answer in time`, 'TimeoutError'));
  }, call.timeoutMs);
  try {
    const response = await doFetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...call.headers },
      body: JSON.stringify(call.body),
      signal: deadline.signal,
    });
    return { status: response.status, ok: response.ok, text: await response.text() };
  } finally {
    clearTimeout(timer);
  }
}

/** The answer's body as JSON, undefined when it is not JSON. */
export function jsonOf(answer: Answered): unknown {
  try {
    return JSON.parse(answer.text) as unknown;
  } catch {
    return undefined;
  }
}
