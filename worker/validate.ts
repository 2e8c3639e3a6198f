import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { z } from 'zod';
import type { ApiErrorBody } from '../shared/errors.ts';

/** What one validator checks: the part of the request and the schema. */
export interface ValidatedInput {
  target: keyof ValidationTargets;
  schema: z.ZodType;
}

/**
 * The schema behind each validator, keyed by the middleware itself: Hono keeps handlers as they were
 * registered (`app.routes`), so the API's reference (shared/api/public-api.ts) can be checked against
 * what each route really validates (worker/api/openapi-drift.test.ts).
 */
const validatedInputs = new WeakMap<object, ValidatedInput>();

/** The part of the request and the schema a route's handler validates, when it is a validator. */
export function validatedInput(handler: object): ValidatedInput | undefined {
  return validatedInputs.get(handler);
}

/**
 * Request validation with a shared zod schema. Invalid input answers 400 with one message per field
 * in the API's error envelope, before the handler runs — so nothing is changed.
 */
export function validate<T extends keyof ValidationTargets, S extends z.ZodType>(target: T, schema: S) {
  const validator = zValidator(target, schema, (result) => {
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
  validatedInputs.set(validator, { target, schema });
  return validator;
}
