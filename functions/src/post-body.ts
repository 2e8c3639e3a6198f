import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import type { ApiErrorCode } from '../../shared/errors.ts';
import { errorAnswer } from './error-answer.ts';

// What the HTTP functions share: answering a failure in the API's envelope, and reading a POST's body.

export function fail(response: Response, status: number, code: ApiErrorCode, message?: string): void {
  response.status(status).json(errorAnswer(code, message));
}

/** What a request body is checked with: a zod schema's safeParse. */
export interface BodySchema<T> {
  safeParse(body: unknown): { success: true; data: T } | { success: false };
}

/** Answers 405 unless the request is a POST; true when it is. */
export function isPost(request: Request, response: Response): boolean {
  if (request.method === 'POST') return true;
  fail(response, 405, 'method-not-allowed', 'Use POST.');
  return false;
}

/** The body of a POST, checked against `schema`; undefined once a 405 or 400 has been answered. */
export function postBody<T>(request: Request, response: Response, schema: BodySchema<T>): T | undefined {
  if (!isPost(request, response)) return undefined;
  const parsed = schema.safeParse(request.body);
  if (parsed.success) return parsed.data;
  fail(response, 400, 'invalid-input', 'Some fields are not valid.');
  return undefined;
}
