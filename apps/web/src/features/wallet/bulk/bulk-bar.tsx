import { TAG_MAX } from '@helo/contract/wallet';
import type { WalletBulkAction } from '@helo/contract/wallet-bulk';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useApiAction } from '../../../lib/api-action.ts';
import { ACTION_TOAST_MS, showToast, TOAST_MS, toastError } from '../../../lib/toast.ts';
import styles from './bulk-bar.module.css';
import { bulkEditMessage, undoMessage } from './bulk-messages.ts';
import { useBulkEdit, useUndoEdit } from './use-wallet-bulk.ts';

/**
 * The bar of a bulk edit, pinned to the bottom of the screen while rows are chosen: how many, then
 * a category, a tag to add or take off, an account, delete, and clear the choice. Each action is one call and one toast,
 * "Changed N transactions", whose Undo takes the whole change back. It stays mounted with nothing
 * chosen (and shows nothing), so a toast's Undo still has its call after a deletion cleared the choice.
 */
export function BulkBar({
  ids,
  categories,
  accounts,
  onClear,
  onDeleted,
}: {
  ids: readonly string[];
  categories: readonly string[];
  accounts: readonly { id: string; name: string }[];
  onClear: () => void;
  /** The rows are gone (and so is the bar): the list moves the focus. */
  onDeleted: () => void;
}) {
  const edit = useBulkEdit();
  const undo = useUndoEdit();
  const [category, setCategory] = useState('');
  const [account, setAccount] = useState('');
  const [tag, setTag] = useState('');
  const [busy, setBusy] = useState<WalletBulkAction['type'] | null>(null);

  const undoEdit = async (editId: string) => {
    try {
      const result = await undo.mutateAsync(editId);
      showToast('success', undoMessage(result.data), TOAST_MS.long);
    } catch (error) {
      toastError(error);
    }
  };

  const action = useApiAction(async (what: WalletBulkAction) => {
    setBusy(what.type);
    try {
      const result = await edit.mutateAsync({ ids: [...ids], action: what });
      const editId = result.edit_id;
      showToast(
        'success',
        bulkEditMessage(result),
        editId ? ACTION_TOAST_MS : TOAST_MS.long,
        editId ? { label: 'Undo', onClick: () => void undoEdit(editId) } : undefined,
      );
      if (what.type === 'delete') {
        onClear();
        onDeleted();
      }
      return undefined;
    } finally {
      setBusy(null);
    }
  });

  if (ids.length === 0) return null;
  const submit = (what: WalletBulkAction | undefined) => (event: FormEvent) => {
    event.preventDefault();
    if (what && busy === null) void action.run(what);
  };
  return (
    <section className={styles.bar} aria-label="Change the selected transactions">
      <p className={styles.count} role="status">
        {ids.length} selected
      </p>
      <form
        className={styles.pair}
        onSubmit={submit(category ? { type: 'set_category', category } : undefined)}
        aria-label="Set the category"
      >
        <SelectField
          label="Category"
          none="Choose…"
          choices={categories.map((name) => ({ value: name, text: name }))}
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          className={styles.select}
        />
        <Button type="submit" variant="secondary" loading={busy === 'set_category'} disabled={!category}>
          Set
        </Button>
      </form>
      <form
        className={styles.pair}
        onSubmit={submit(tag.trim() ? { type: 'add_tag', tag: tag.trim() } : undefined)}
        aria-label="Add or remove a tag"
      >
        <TextField
          label="Tag"
          type="text"
          autoComplete="off"
          maxLength={TAG_MAX}
          value={tag}
          onChange={(e) => setTag(e.target.value)}
          className={styles.select}
        />
        <Button
          type="submit"
          variant="secondary"
          aria-label="Add tag"
          loading={busy === 'add_tag'}
          disabled={!tag.trim()}
        >
          Add
        </Button>
        <Button
          variant="ghost"
          aria-label="Remove tag"
          loading={busy === 'remove_tag'}
          disabled={!tag.trim()}
          onClick={() => busy === null && void action.run({ type: 'remove_tag', tag: tag.trim() })}
        >
          Remove
        </Button>
      </form>
      {accounts.length > 1 && (
        <form
          className={styles.pair}
          onSubmit={submit(account ? { type: 'set_account', account_id: account } : undefined)}
          aria-label="Move to an account"
        >
          <SelectField
            label="Account"
            none="Choose…"
            choices={accounts.map((a) => ({ value: a.id, text: a.name }))}
            value={account}
            onChange={(e) => setAccount(e.target.value)}
            className={styles.select}
          />
          <Button type="submit" variant="secondary" loading={busy === 'set_account'} disabled={!account}>
            Move
          </Button>
        </form>
      )}
      <div className={styles.buttons}>
        <Button
          variant="danger"
          size="sm"
          loading={busy === 'delete'}
          onClick={() => busy === null && void action.run({ type: 'delete' })}
        >
          Delete
        </Button>
        <Button variant="ghost" size="sm" onClick={onClear}>
          Clear
        </Button>
      </div>
    </section>
  );
}
