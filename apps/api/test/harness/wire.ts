/**
 * Values that cannot be written as a JavaScript value before sending: JSON text sent as is (1e309,
 * a duplicate key, `__proto__`), and values only known when the request is sent (the user's current
 * refresh token, which rotates).
 */
export class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/**
 * A value only known when the request is sent: the user's `email`, `password`, current
 * `refresh_token`, a `notification_id`, a `tool_id`, or the id of a record the fuzz user owns, by the
 * name its module gives it (`loan_id`: module-harness.ts, owned-records.ts).
 */
export type KnownName = string;

export class Known {
  readonly name: KnownName;
  constructor(name: KnownName) {
    this.name = name;
  }
}

export type ResolveKnown = (name: KnownName) => string;

/** JSON text of a value that may hold RawJson and Known markers anywhere inside it. */
export function toJsonText(value: unknown, known: ResolveKnown): string {
  const raws: string[] = [];
  // A fresh nonce per call, so a fuzzed string can never look like a marker.
  const nonce = Math.random().toString(36).slice(2);
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof Known) return known(v.name);
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `raw:${nonce}:${raws.length - 1}`;
    }
    return v;
  });
  if (text === undefined) return '';
  return text.replace(new RegExp(`"raw:${nonce}:(\\d+)"`, 'g'), (_, i: string) => raws[Number(i)] ?? '');
}

/** A path segment or query value: RawJson text is sent unencoded, anything else is encoded. */
export function toUrlPart(value: unknown, known: ResolveKnown): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof Known) return encodeURIComponent(known(value.name));
  return encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));
}
