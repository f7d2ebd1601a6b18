import { REAUTH_REQUIRED_MESSAGE } from '@helo/contract/reauth';
import { describeFieldError, type FieldErrors } from './field-errors.ts';

/** An error the client caused or should know about; the error handler turns it into the envelope. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly errors: FieldErrors | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(statusCode: number, message: string, errors?: FieldErrors, headers?: Record<string, string>) {
    super(message);
    this.statusCode = statusCode;
    this.errors = errors;
    this.headers = headers;
  }
}

/**
 * The one way to refuse a field: a 400 (or a 409 when the value collides with stored data) whose
 * `errors` name the field, so the web form shows the message next to it. The answer's own message
 * is worded as schema validation words it ("Row 2: …", "cursor: …") unless `summary` gives a
 * sentence of its own (auth's messages are shown as they are).
 */
export const invalidField = (path: string, message: string, options: { summary?: string; status?: 400 | 409 } = {}) =>
  new HttpError(options.status ?? 400, options.summary ?? describeFieldError({ path, message }), [{ path, message }]);

/** A 400 about the request as a whole; a problem with one field is `invalidField`. */
export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Your session has expired. Please log in again.') => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message = 'Resource not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** Sudo mode's refusal: a sensitive change without a recent proof; the envelope adds `reauth_required: true`. */
export class ReauthRequiredError extends HttpError {
  constructor() {
    super(403, REAUTH_REQUIRED_MESSAGE);
  }
}
