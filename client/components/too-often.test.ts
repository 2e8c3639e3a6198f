import { describe, expect, it } from 'vitest';
import { ApiError } from '../browser/api-client.ts';
import { tooOftenMessage } from './too-often.ts';

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
