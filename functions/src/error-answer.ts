import { ERROR_MESSAGES, type ApiErrorBody, type ApiErrorCode } from '../../shared/errors.ts';

/**
 * What a function answers when it fails: the Worker's error envelope (`{ error: { code, message } }`)
 * with a code of the shared union, so the browser reads both alike. Success answers carry `success`,
 * as the spec's calls name it; errors do not.
 */
export function errorAnswer(code: ApiErrorCode, message: string = ERROR_MESSAGES.default): ApiErrorBody {
  return { error: { code, message } };
}
