import { SEARCH_MAX, UNCATEGORIZED, type WalletTransaction } from '@helo/contract/wallet';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { Notice } from '../../components/layout/notice.tsx';
import { Panel } from '../../components/layout/panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useOpenedFrom } from '../../components/ui/use-opened-from.ts';
import { browserDay } from '../../lib/calendar.ts';
import { formatDay } from '../../lib/display-format.ts';
import { focusAfterClose } from '../../lib/focus-after-close.ts';
import { useAccounts } from './accounts/use-accounts.ts';
import { BulkBar } from './bulk/bulk-bar.tsx';
import { SelectAllShown } from './bulk/select-all-shown.tsx';
import { useRowSelection } from './bulk/use-row-selection.ts';
import { DuplicateDialog } from './duplicate-dialog.tsx';
import { LoadMore } from './load-more.tsx';
import { UnpairDialog } from './pair-dialogs.tsx';
import { SuggestionChip } from './suggestion-chip.tsx';
import { AddTransactionDialog, DeleteTransactionDialog, EditTransactionDialog } from './transaction-dialogs.tsx';
import { NO_FILTERS, signedDollars, type TransactionFilters } from './transaction-values.ts';
import styles from './transactions.module.css';
import {
  AddTransferDialog,
  DeleteTransferDialog,
  EditTransferDialog,
  MakeTransferDialog,
  UnlinkDialog,
} from './transfer-dialogs.tsx';
import { transferTitle } from './transfer-values.ts';
import { useTransactionsCsv, useWalletTags, useWalletTransactions } from './use-wallet.ts';

/** How long the search waits for the typing to pause before it asks. */
const SEARCH_PAUSE_MS = 300;

/**
 * The transactions of the user's accounts, newest first: a search of the payee and the note, an
 * account, a category and a date range, the list a page at a time (scrolling or 'Load more'), and
 * adding, editing and deleting one. `categories` are the names the category filter offers (the shown
 * month's). With more than one account, each row says which it is in.
 */
export function Transactions({ categories }: { categories: readonly string[] }) {
  const [typed, setTyped] = useState('');
  const [filters, setFilters] = useState<TransactionFilters>(NO_FILTERS);
  useEffect(() => {
    const timer = setTimeout(() => setFilters((f) => (f.q === typed ? f : { ...f, q: typed })), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const listKey = ['wallet', 'transactions', filters] as const;
  const transactions = useWalletTransactions(filters);
  // The list's filters apply to the file too.
  const download = useTransactionsCsv(filters);
  const list = transactions.data?.pages.flatMap((page) => page.data) ?? [];
  const filtered =
    filters.q.trim() !== '' ||
    filters.account !== '' ||
    filters.category !== '' ||
    filters.tag !== '' ||
    filters.from !== '' ||
    filters.to !== '';
  const accounts = useAccounts();
  const names = new Map((accounts.data ?? []).map((a) => [a.id, a.name]));
  // An account filtered on that is gone (deleted here or in another tab) filters nothing any more.
  const gone = filters.account !== '' && accounts.data !== undefined && !names.has(filters.account);
  useEffect(() => {
    if (gone) setFilters((f) => ({ ...f, account: '' }));
  }, [gone]);
  const wallet = accounts.data?.find((a) => a.is_wallet)?.id ?? '';
  const tags = useWalletTags();
  // A tag filtered on that no transaction carries any more filters nothing.
  const tagGone = filters.tag !== '' && tags.data !== undefined && !tags.data.some((t) => t.tag === filters.tag);
  useEffect(() => {
    if (tagGone) setFilters((f) => ({ ...f, tag: '' }));
  }, [tagGone]);

  const [adding, setAdding] = useState(false);
  const [transferring, setTransferring] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const transferButton = useRef<HTMLButtonElement>(null);
  // A deleted row and its buttons are gone: the focus goes to 'Add a transaction' once the dialog is.
  const [deletions, setDeletions] = useState(0);
  useEffect(() => {
    if (deletions > 0) addButton.current?.focus();
  }, [deletions]);

  const choices = categories.some((c) => c.toLowerCase() === UNCATEGORIZED.toLowerCase())
    ? categories
    : [...categories, UNCATEGORIZED];
  const resultsId = useId();
  // Bulk edit (issue 29 item 6): rows chosen by checkbox, shift-click or keyboard, changed at once.
  const selection = useRowSelection(list.map((t) => t.id));
  const selectAll = useRef<HTMLInputElement>(null);

  return (
    <Panel title="Transactions" className={styles.panel}>
      <div className={styles.buttons}>
        <Button ref={addButton} onClick={() => setAdding(true)}>
          Add a transaction
        </Button>
        {names.size > 1 && (
          <Button ref={transferButton} variant="secondary" onClick={() => setTransferring(true)}>
            Record a transfer
          </Button>
        )}
        <Button
          variant="secondary"
          loading={download.busy}
          aria-label={filtered ? 'Download CSV of these transactions' : 'Download CSV of all your transactions'}
          onClick={() => void download.run()}
        >
          Download CSV
        </Button>
      </div>
      <AddTransferDialog
        open={transferring}
        today={browserDay()}
        from={filters.account}
        onClose={() => {
          setTransferring(false);
          focusAfterClose(() => transferButton.current);
        }}
      />
      <AddTransactionDialog
        open={adding}
        today={browserDay()}
        account={filters.account || wallet}
        onClose={() => {
          setAdding(false);
          focusAfterClose(() => addButton.current);
        }}
      />
      <search className={styles.filters} aria-label="Find transactions">
        <TextField
          label="Search"
          hint="A part of the payee, the bank’s description or the note"
          type="text"
          maxLength={SEARCH_MAX}
          autoComplete="off"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          aria-controls={resultsId}
          className={styles.search}
        />
        <SelectField
          label="Account"
          none="All accounts"
          choices={(accounts.data ?? []).map((a) => ({ value: a.id, text: a.name }))}
          value={filters.account}
          onChange={(e) => setFilters((f) => ({ ...f, account: e.target.value }))}
        />
        <SelectField
          label="Category"
          none="All categories"
          choices={choices.map((name) => ({ value: name, text: name }))}
          value={filters.category}
          onChange={(e) => setFilters((f) => ({ ...f, category: e.target.value }))}
        />
        <SelectField
          label="Tag"
          none="All tags"
          choices={(tags.data ?? []).map((t) => ({ value: t.tag, text: `${t.tag} (${t.count})` }))}
          value={filters.tag}
          onChange={(e) => setFilters((f) => ({ ...f, tag: e.target.value }))}
        />
        <TextField
          label="From"
          type="date"
          value={filters.from}
          onChange={(e) => setFilters((f) => ({ ...f, from: e.target.value }))}
        />
        <TextField
          label="To"
          type="date"
          value={filters.to}
          onChange={(e) => setFilters((f) => ({ ...f, to: e.target.value }))}
        />
      </search>
      <div id={resultsId} className={styles.results}>
        {transactions.isError && transactions.data === undefined ? (
          <Notice tone="error" role="alert">
            We could not load your transactions. Please reload the page.
          </Notice>
        ) : transactions.data === undefined ? (
          <Spinner label="Loading your transactions" />
        ) : (
          <>
            <p className="visually-hidden" role="status">
              {list.length === 0
                ? 'No transactions found'
                : `${list.length}${transactions.hasNextPage ? ' or more' : ''} transactions`}
            </p>
            {list.length === 0 && <MutedText>{filtered ? 'No transactions match.' : 'No transactions yet.'}</MutedText>}
            {list.length > 0 && (
              <SelectAllShown
                ref={selectAll}
                chosen={selection.ids.length}
                all={selection.allChosen}
                onToggle={selection.toggleAll}
              />
            )}
            <ul className={styles.list}>
              {list.map((t, index) => (
                <TransactionRow
                  key={t.id}
                  select={selection.checkboxProps(t.id, index)}
                  transaction={t}
                  names={names}
                  account={names.size > 1 ? names.get(t.account_id) : undefined}
                  listKey={listKey}
                  onDeleted={() => setDeletions((n) => n + 1)}
                />
              ))}
            </ul>
            {transactions.isFetchNextPageError && (
              <Notice tone="error" role="alert">
                We could not load more transactions.
              </Notice>
            )}
            {transactions.hasNextPage &&
              (transactions.isFetchNextPageError ? (
                <div>
                  <Button variant="secondary" onClick={() => void transactions.fetchNextPage()}>
                    Load more
                  </Button>
                </div>
              ) : (
                <LoadMore loading={transactions.isFetchingNextPage} onLoad={() => void transactions.fetchNextPage()} />
              ))}
            <BulkBar
              ids={selection.ids}
              categories={choices}
              accounts={accounts.data ?? []}
              onClear={selection.clear}
              onDeleted={() => focusAfterClose(() => selectAll.current ?? addButton.current)}
            />
          </>
        )}
      </div>
    </Panel>
  );
}

function TransactionRow({
  select,
  transaction,
  names,
  account,
  listKey,
  onDeleted,
}: {
  /** The row's checkbox of a bulk edit (useRowSelection). */
  select: ReturnType<ReturnType<typeof useRowSelection>['checkboxProps']>;
  transaction: WalletTransaction;
  /** The user's accounts' names by id (a transfer names the other account). */
  names: ReadonlyMap<string, string>;
  /** The account's name, when the user has more than one. */
  account: string | undefined;
  listKey: readonly unknown[];
  onDeleted: () => void;
}) {
  const { open, setOpen, actions, closeAndFocus } = useOpenedFrom<
    'edit' | 'delete' | 'transfer' | 'unlink' | 'duplicate' | 'unpair'
  >();
  const t = transaction;
  const transfer = t.kind === 'transfer';
  // Found in two of the user's accounts' rows (or paired by hand): unpaired, not edited, while it is.
  const nest = t.kind === 'nest_deposit';
  // Recorded in My Loans: changed or undone there, so no buttons here (unless found in a bank row).
  const loan = t.kind === 'loan_payment';
  // A loan payment found in a bank row is unpaired here too: the row comes back, My Loans undoes it.
  const paired = (transfer || loan) && t.transfer?.paired === true;
  const title = transfer ? transferTitle(t, names) : t.payee;
  // A transfer's own words ('Transfer') say nothing more; a bank row's payee does.
  const detail = transfer
    ? t.payee === 'Transfer'
      ? null
      : t.payee
    : nest
      ? 'Recorded in the Money Nest'
      : t.splits
        ? `Split: ${t.splits.map((p) => p.category).join(', ')}`
        : t.category;
  return (
    <li className={styles.row}>
      <Checkbox
        {...select}
        label={
          <span className="visually-hidden">{`Select ${title}, ${formatDay(t.date)}, ${signedDollars(t.amount)}`}</span>
        }
      />
      <div className={styles.what}>
        <span className={styles.payee}>{title}</span>
        <span className={styles.meta}>
          {formatDay(t.date)}
          {detail && ` · ${detail}`}
          {account && ` · ${account}`}
        </span>
        {nest && <span className={styles.note}>Linked to your Money Nest deposit: it counts once, there.</span>}
        {loan && (
          <span className={styles.note}>
            {paired ? 'Found in a bank row and recorded in ' : 'Recorded in '}
            <Link to="/dashboard/my-loans">My Loans</Link>
            {paired ? ': unpair it if it was not one.' : ': change or undo it there.'}
          </span>
        )}
        {t.note && <span className={styles.note}>{t.note}</span>}
        {t.tags.length > 0 && (
          <ul className={styles.tags} aria-label="Tags">
            {t.tags.map((tag) => (
              <li key={tag} className={styles.tag}>
                {tag}
              </li>
            ))}
          </ul>
        )}
        {t.possible_duplicate && <span className={styles.badge}>Possible duplicate</span>}
        {t.kind === 'transaction' && t.suggested_category && (
          <span className={styles.suggestion}>
            <SuggestionChip transaction={t} category={t.suggested_category} />
          </span>
        )}
      </div>
      <span className={nest || transfer ? styles.moved : t.amount < 0 ? styles.out : styles.in}>
        {signedDollars(t.amount)}
      </span>
      <div ref={actions} className={styles.actions}>
        {paired ? (
          <Button
            data-action="unpair"
            variant="secondary"
            size="sm"
            aria-label={`Unpair ${title}, ${formatDay(t.date)}`}
            onClick={() => setOpen('unpair')}
          >
            Unpair
          </Button>
        ) : loan ? null : nest ? (
          <Button
            data-action="unlink"
            variant="secondary"
            size="sm"
            aria-label={`Unlink ${t.payee}, ${formatDay(t.date)}, from the Money Nest deposit`}
            onClick={() => setOpen('unlink')}
          >
            Unlink
          </Button>
        ) : (
          <>
            {t.possible_duplicate && (
              <Button
                data-action="duplicate"
                size="sm"
                aria-label={`Review possible duplicate: ${title}, ${formatDay(t.date)}`}
                onClick={() => setOpen('duplicate')}
              >
                Review
              </Button>
            )}
            <Button
              data-action="edit"
              variant="secondary"
              size="sm"
              aria-label={`Edit ${title}, ${formatDay(t.date)}`}
              onClick={() => setOpen('edit')}
            >
              Edit
            </Button>
            {!transfer && names.size > 1 && (
              <Button
                data-action="transfer"
                variant="ghost"
                size="sm"
                aria-label={`Mark ${t.payee}, ${formatDay(t.date)}, as a transfer`}
                onClick={() => setOpen('transfer')}
              >
                Transfer
              </Button>
            )}
            <Button
              data-action="delete"
              variant="ghost"
              size="sm"
              aria-label={`Delete ${title}, ${formatDay(t.date)}`}
              onClick={() => setOpen('delete')}
            >
              Delete
            </Button>
          </>
        )}
      </div>
      {nest && (
        <UnlinkDialog
          transaction={t}
          open={open === 'unlink'}
          onClose={() => closeAndFocus('unlink')}
          onUnlinked={() => {
            setOpen(null);
            onDeleted();
          }}
        />
      )}
      {paired && (
        <UnpairDialog
          transaction={t}
          title={title}
          open={open === 'unpair'}
          onClose={() => closeAndFocus('unpair')}
          onUnpaired={() => {
            setOpen(null);
            onDeleted();
          }}
        />
      )}
      {transfer && !paired && (
        <>
          <EditTransferDialog transaction={t} open={open === 'edit'} onClose={() => closeAndFocus('edit')} />
          <DeleteTransferDialog
            transaction={t}
            title={title}
            open={open === 'delete'}
            onClose={() => closeAndFocus('delete')}
            onDeleted={() => {
              setOpen(null);
              onDeleted();
            }}
          />
        </>
      )}
      {!transfer && !nest && !loan && (
        <>
          <EditTransactionDialog
            transaction={t}
            open={open === 'edit'}
            onClose={() => closeAndFocus('edit')}
            listKey={listKey}
          />
          <MakeTransferDialog
            transaction={t}
            names={names}
            open={open === 'transfer'}
            onClose={() => closeAndFocus('transfer')}
            onPaired={() => {
              setOpen(null);
              onDeleted();
            }}
          />
          <DuplicateDialog
            transaction={t}
            open={open === 'duplicate'}
            onClose={() => closeAndFocus('duplicate')}
            onDone={() => {
              setOpen(null);
              onDeleted();
            }}
          />
          <DeleteTransactionDialog
            transaction={t}
            open={open === 'delete'}
            onClose={() => closeAndFocus('delete')}
            onDeleted={() => {
              setOpen(null);
              onDeleted();
            }}
          />
        </>
      )}
    </li>
  );
}
