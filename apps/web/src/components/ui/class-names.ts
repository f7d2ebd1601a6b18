/** Joins the class names that apply; CSS Module lookups may be undefined under noUncheckedIndexedAccess. */
export function cx(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
}
