import type { Nest, NestDeposit } from '@helo/contract/nest';
import { useRef, useState } from 'react';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { Panel } from '../../components/layout/panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { formatDay, formatDollars } from '../../lib/display-format.ts';
import { TOAST_MS, toastSuccess } from '../../lib/toast.ts';
import styles from './latest-deposits.module.css';
import { useReverseDeposit } from './use-nest.ts';

/** The latest deposits (the API's ten), each with how it was split and its Reverse. */
export function LatestDeposits({ deposits }: { deposits: Nest['deposits'] }) {
  return (
    <Panel title="Latest deposits" className={styles.panel}>
      {deposits.length === 0 ? (
        <MutedText>Nothing recorded yet.</MutedText>
      ) : (
        <ul className={styles.list}>
          {deposits.map((deposit) => (
            <DepositItem key={deposit.id} deposit={deposit} />
          ))}
        </ul>
      )}
    </Panel>
  );
}

function DepositItem({ deposit }: { deposit: NestDeposit }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reverse = useReverseDeposit(deposit.id);
  const item = useRef<HTMLLIElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const amount = formatDollars(deposit.amount);
  const onConfirm = () =>
    reverse.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        toastSuccess(null, 'Deposit reversed', TOAST_MS.medium);
      },
      // A 409 (a bucket no longer holds its share, already reversed) is the server's own words.
      onError: (e) => setError(errorMessage(e)),
    });
  return (
    <li
      ref={item}
      tabIndex={-1}
      className={styles.deposit}
      aria-label={`${amount} from ${deposit.source} on ${formatDay(deposit.date)}`}
    >
      <div className={styles.head}>
        <span className={styles.amount}>{amount}</span>
        <span>{deposit.source}</span>
        <span className={styles.date}>{formatDay(deposit.date)}</span>
        {deposit.reversed_at && <span className={styles.reversed}>Reversed</span>}
      </div>
      <dl className={styles.shares}>
        {deposit.shares.map((share, i) => (
          // A fixed Wallet rule and the Wallet's rest are two shares of one bucket: the position tells them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: the shares are the rules' positions, never reordered
          <div key={i} className={styles.share}>
            <dt>{share.name}</dt>
            <dd>{formatDollars(share.amount)}</dd>
          </div>
        ))}
      </dl>
      {!deposit.reversed_at && (
        <Button ref={opener} size="sm" variant="secondary" className={styles.reverse} onClick={() => setOpen(true)}>
          Reverse
        </Button>
      )}
      {/* Mounted whatever the deposit's state: reversed while open, it must still close properly. */}
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setError(null);
        }}
        title="Reverse this deposit?"
        description={`Each bucket gives back its share of the ${amount} from ${deposit.source}. The deposit stays in the history, marked reversed.`}
        error={error}
        confirmLabel="Reverse deposit"
        pending={reverse.isPending}
        onConfirm={onConfirm}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          // Reversed, there is no Reverse button to return to: the deposit itself takes the focus.
          (opener.current ?? item.current)?.focus();
        }}
      />
    </li>
  );
}
