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

export type KnownName =
  | 'email'
  | 'password'
  | 'refresh_token'
  | 'notification_id'
  // Ids of records the fuzz user owns (owned-records.ts).
  | 'loan_id'
  | 'loan_payment_id'
  | 'fund_entry_id'
  | 'budget_id'
  | 'goal_id'
  | 'goal_entry_id'
  | 'investment_account_id'
  | 'nest_deposit_id'
  | 'account_id'
  | 'wallet_transaction_id'
  | 'wallet_import_id'
  | 'vault_file_id'
  | 'passkey_id'
  // One of the product's upcoming tools (not a record: every user can join each one).
  | 'tool_id';

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
