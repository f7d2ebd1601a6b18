export type FieldErrors = { path: string; message: string }[];

/** One field's problem, as a 400 body names it. */
export function fieldError(path: string, message: string): FieldErrors {
  return [{ path, message }];
}
