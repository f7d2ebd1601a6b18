import { describeFieldError, type FieldErrors, fieldError } from './field-errors.ts';

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

export const badRequest = (message: string, errors?: FieldErrors) => new HttpError(400, message, errors);
/** A 400 for one field, worded as schema validation words it, so every such error reads alike. */
export const invalidField = (path: string, message: string) =>
  badRequest(describeFieldError({ path, message }), fieldError(path, message));
export const unauthorized = (message = 'Your session has expired. Please log in again.') => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message = 'Resource not found') => new HttpError(404, message);
export const conflict = (message: string, errors?: FieldErrors) => new HttpError(409, message, errors);
