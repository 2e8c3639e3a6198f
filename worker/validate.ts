import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { z } from 'zod';
import type { ApiErrorBody } from '../shared/errors.ts';

/**
 * The answer to input that does not match its schema: 400 `invalid-input` in the API's error envelope,
 * one message per field, thrown before any handler runs — so nothing is changed. The API's routes
 * (worker/api/api-routes.ts) and the pages' parameters answer it alike.
 */
export function refuseInvalidInput(error: z.core.$ZodError): never {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  const body: ApiErrorBody = {
    error: { code: 'invalid-input', message: 'Some fields are not valid.', fields },
  };
  throw new HTTPException(400, { res: Response.json(body, { status: 400 }), message: 'invalid input' });
}

/** Request validation with a shared zod schema, for what is not an API route (a page's parameters). */
export function validate<T extends keyof ValidationTargets, S extends z.ZodType>(target: T, schema: S) {
  return zValidator(target, schema, (result) => {
    if (!result.success) refuseInvalidInput(result.error);
  });
}
