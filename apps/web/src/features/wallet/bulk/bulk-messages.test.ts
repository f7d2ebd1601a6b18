import { describe, expect, it } from 'vitest';
import { bulkEditMessage, undoMessage } from './bulk-messages.ts';

describe('the bulk edit toasts', () => {
  it('says what changed, and what did not', () => {
    expect(bulkEditMessage({ edit_id: 'e', changed: 20, unchanged: 0, skipped: 0 })).toBe('Changed 20 transactions');
    expect(bulkEditMessage({ edit_id: 'e', changed: 1, unchanged: 2, skipped: 3 })).toBe(
      'Changed 1 transaction; 2 already so; 3 could not be changed here',
    );
  });

  it('says how many an undo brought back and how many stayed', () => {
    expect(undoMessage({ restored: 20, skipped: 0 })).toBe('Undone: 20 transactions back as they were');
    expect(undoMessage({ restored: 1, skipped: 2 })).toBe(
      'Undone: 1 transaction back as it was; 2 changed since left as they are',
    );
  });
});
