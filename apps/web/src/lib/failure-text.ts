import { ApiError } from './api-client.ts';

/**
 * What a failed save's toast says. A refused field is told in its own words: the answer's message
 * names the field as the API writes it ('amount: You can withdraw at most …'), which reads badly
 * on its own. Otherwise the server's message, or `fallback` when there is none (no answer at all).
 */
export function failureText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  return error.errors[0]?.message ?? error.message;
}
