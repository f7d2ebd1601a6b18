// My Wallet's list pages with the ledgers' cursor (lib/entry-cursor.ts); kept here for its import
// until the wallet-ledger branch lands.
export { decodeEntryCursor, type EntryCursor, encodeEntryCursor } from '../../lib/entry-cursor.ts';
