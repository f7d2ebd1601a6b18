export type FieldErrors = { path: string; message: string }[];

/**
 * The sentence for a field error: a field of a list's row is named the way the form numbers rows
 * ("Row 3: …"), any other field by its path.
 */
export function describeFieldError(error: { path: string; message: string }): string {
  const row = /^[a-z_]+\.(\d+)\./.exec(error.path);
  return row ? `Row ${Number(row[1]) + 1}: ${error.message}` : `${error.path}: ${error.message}`;
}
