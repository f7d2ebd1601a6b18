import type { InvestmentAccount } from '@helo/contract/investments';
import { balanceHistory, type HistoryPoint } from '@helo/finance/balance-history';
import { dollarsToCents } from '@helo/finance/cents';
import { formatCents } from '@helo/finance/format';
import { lazy, useMemo } from 'react';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { Panel } from '../../components/layout/panel.tsx';
import { FiguresTable } from '../../components/ui/figures-table.tsx';
import { WhenVisible } from '../../components/ui/when-visible.tsx';
import { formatDay } from '../../lib/display-format.ts';
import styles from './balance-history.module.css';

// recharts is heavy: loaded only when the chart comes near the screen.
const BalanceHistoryChart = lazy(async () => ({
  default: (await import('./balance-history-chart.tsx')).BalanceHistoryChart,
}));

/**
 * The total and each account's balance on every day one was entered (an account keeps its last
 * balance until the next): a chart once there are two days, and the same figures as a table.
 */
export function BalanceHistory({ accounts }: { accounts: readonly InvestmentAccount[] }) {
  const points = useMemo(
    () =>
      balanceHistory(
        accounts.map((a) => a.snapshots.map((s) => ({ date: s.date, balanceCents: dollarsToCents(s.balance) }))),
      ),
    [accounts],
  );
  const names = accounts.map((a) => a.name);
  return (
    <Panel title="Balance history">
      {points.length === 0 ? (
        <MutedText>No balances yet: add an account to start its history.</MutedText>
      ) : points.length === 1 ? (
        <MutedText>
          Your balances so far are from one day. Update a balance on another day, or enter an older statement's balance
          with its date, and the history appears here.
        </MutedText>
      ) : (
        <WhenVisible className={styles.chart}>
          <BalanceHistoryChart points={points} names={names} />
        </WhenVisible>
      )}
      {points.length > 0 && <HistoryTable points={points} names={names} />}
    </Panel>
  );
}

function HistoryTable({ points, names }: { points: readonly HistoryPoint[]; names: readonly string[] }) {
  return (
    <FiguresTable
      summary={`Balances by day (${points.length} ${points.length === 1 ? 'day' : 'days'})`}
      label="Balances by day"
      columns={
        <>
          <th scope="col">Date</th>
          <th scope="col">Total</th>
          {names.map((name, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two accounts may share a name; the column is the account's place.
            <th key={i} scope="col">
              {name}
            </th>
          ))}
        </>
      }
      rows={() =>
        points.map((p) => (
          <tr key={p.date}>
            <th scope="row">{formatDay(p.date)}</th>
            <td>{formatCents(p.totalCents)}</td>
            {p.accountsCents.map((cents, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above.
              <td key={i}>{cents === null ? '–' : formatCents(cents)}</td>
            ))}
          </tr>
        ))
      }
    />
  );
}
