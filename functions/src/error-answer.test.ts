import { describe, expect, it } from 'vitest';
import { isApiErrorCode } from '../../shared/api/error-codes.ts';
import { errorAnswer } from './error-answer.ts';

describe('function error answers', () => {
  it('use the API’s envelope, without a success flag', () => {
    expect(errorAnswer('access-denied')).toEqual({
      error: { code: 'access-denied', message: 'An error occurred.' },
    });
    expect(errorAnswer('unauthenticated', 'Please sign in.')).toEqual({
      error: { code: 'unauthenticated', message: 'Please sign in.' },
    });
  });

  it('carry codes the browser knows', () => {
    for (const code of ['method-not-allowed', 'invalid-input', 'unauthenticated', 'access-denied', 'default'])
      expect(isApiErrorCode(errorAnswer(code as Parameters<typeof errorAnswer>[0]).error.code)).toBe(true);
  });
});
