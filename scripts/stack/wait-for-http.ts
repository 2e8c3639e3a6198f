/** Polls `url` until it answers with a status `accept` takes (any below 500 by default), or fails after `timeoutMs`. */
export async function waitForHttp(
  url: string,
  timeoutMs: number,
  isAlive: () => boolean = () => true,
  accept: (status: number) => boolean = (status) => status < 500,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`${url}: the process serving it exited`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.body?.cancel();
      if (accept(response.status)) return;
      lastError = `status ${String(response.status)}`;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${url} did not answer within ${String(timeoutMs)} ms (${lastError})`);
}
