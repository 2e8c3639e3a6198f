import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { z } from 'zod';
import type { ApiErrorBody } from '../shared/errors.ts';

/**
 * Request validation with a shared zod schema. Invalid input answers 400 with one message per field
 * in the API's error envelope, before the handler runs — so nothing is changed.
 */
export function validate<T extends keyof ValidationTargets, S extends z.ZodType>(target: T, schema: S) {
  return zValidator(target, schema, (result) => {
    if (result.success) return;
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join('.') || '_';
      fields[key] ??= issue.message;
    }
    const body: ApiErrorBody = {
      error: { code: 'invalid-input', message: 'Some fields are not valid.', fields },
    };
    throw new HTTPException(400, { res: Response.json(body, { status: 400 }), message: 'invalid input' });
  });
}
