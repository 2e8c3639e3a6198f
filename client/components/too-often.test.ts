import { describe, expect, it } from 'vitest';
import type { ApiFailure } from './browser-capabilities.ts';
import { tooOftenMessage } from './too-often.ts';

/**
 * A failure as the browser's API client throws it (an Error carrying the answer's status and code);
 * made here, since components never import the browser's runtime (scripts/import-layers.test.ts).
 */
class ApiError extends Error implements Partial<ApiFailure> {
  readonly status: number;
  readonly code: ApiFailure['code'];
  constructor({ status, code, message }: { status: number; code: ApiFailure['code']; message: string }) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

describe('what a control says when the member goes too fast', () => {
  it('is the API’s own request to wait, for a 429', () => {
    const limited = new ApiError({
      status: 429,
      code: 'too-many-requests',
      message: 'You’re doing that too often. Please wait a minute, then try again.',
    });
    expect(tooOftenMessage(limited)).toBe(
      'You’re doing that too often. Please wait a minute, then try again.',
    );
  });

  it('is nothing of its own for any other failure, which keeps the control’s words', () => {
    expect(tooOftenMessage(new ApiError({ status: 503, code: 'unavailable', message: 'Try later.' }))).toBe(
      undefined,
    );
    expect(tooOftenMessage(new TypeError('Failed to fetch'))).toBe(undefined);
    expect(tooOftenMessage({ code: 'too-many-requests', message: 'not an error' })).toBe(undefined);
    expect(tooOftenMessage(undefined)).toBe(undefined);
  });
});
