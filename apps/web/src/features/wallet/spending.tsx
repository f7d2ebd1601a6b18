import type { WalletSummary } from '@helo/contract/wallet';
import { monthLabel, nextMonth, previousMonth } from '@helo/finance/calendar';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { Notice } from '../../components/layout/notice.tsx';
import { Panel } from '../../components/layout/panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ScrollTable } from '../../components/ui/scroll-table.tsx';
import { formatDollars } from '../../lib/display-format.ts';
import styles from './spending.module.css';
import { spendingBar } from './spending-bars.ts';

/**
 * A month's spending against its budget: each category as a bar (plain CSS: no chart library on this
 * page) with its figures in words, the same figures as a table for whoever prefers one, the month's
 * income, and the months before and after. A month without a budget links to building one.
 */
export function Spending({
  month,
  summary,
  failed,
  onMonth,
}: {
  month: string;
  summary: WalletSummary | undefined;
  /** The month could not be read. */
  failed: boolean;
  onMonth: (month: string) => void;
}) {
  const [asTable, setAsTable] = useState(false);
  const tableId = useId();
  const label = monthLabel(month);
  // While another month loads, the figures shown are still the last month's: say nothing of them.
  const current = summary?.month === month ? summary : undefined;
  return (
    <Panel title="Spending">
      <div className={styles.months}>
        <Button variant="secondary" size="sm" onClick={() => onMonth(previousMonth(month))}>
          <span aria-hidden="true">‹</span> Previous<span className="visually-hidden"> month</span>
        </Button>
        <p className={styles.month} aria-live="polite">
          {label}
        </p>
        <Button variant="secondary" size="sm" onClick={() => onMonth(nextMonth(month))}>
          Next<span className="visually-hidden"> month</span> <span aria-hidden="true">›</span>
        </Button>
      </div>
      {current === undefined ? (
        failed ? (
          <Notice tone="error" role="alert">
            We could not load {label}. Please reload the page.
          </Notice>
        ) : (
          <MutedText small>Loading {label}…</MutedText>
        )
      ) : (
        <>
          <dl className={styles.totals}>
            <div>
              <dt>Spent</dt>
              <dd>{formatDollars(current.total_spent)}</dd>
            </div>
            <div>
              <dt>Planned</dt>
              <dd>{current.has_budget ? formatDollars(current.total_planned) : 'No budget'}</dd>
            </div>
            <div>
              <dt>Income</dt>
              <dd>{formatDollars(current.income)}</dd>
            </div>
          </dl>
          {!current.has_budget && (
            <p className={styles.noBudget}>
              {label} has no budget, so your spending is not compared with a plan.{' '}
              <Link to="/dashboard/my-budget">Build a budget</Link> and file your spending under its categories.
            </p>
          )}
          {/* Without a budget there is no plan to draw: only what was spent, if anything. */}
          {!current.has_budget && current.categories.every((c) => c.spent === 0) ? (
            <MutedText small>Nothing spent in {label}.</MutedText>
          ) : (
            <>
              <ul className={styles.bars} aria-label={`Spending by category in ${label}`}>
                {current.categories.map((category) => {
                  const bar = spendingBar(category);
                  return (
                    <li key={category.name} className={styles.bar}>
                      <div className={styles.barText}>
                        <span className={styles.name}>{bar.name}</span>
                        <span className={bar.over ? styles.over : styles.figure}>{bar.text}</span>
                      </div>
                      <div className={styles.track} aria-hidden="true">
                        <div
                          className={
                            bar.over ? styles.fillOver : category.planned === null ? styles.fillNoPlan : styles.fill
                          }
                          style={{ width: `${bar.fill}%` }}
                        />
                      </div>
                    </li>
                  );
                })}
              </ul>
              <div>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-expanded={asTable}
                  aria-controls={tableId}
                  onClick={() => setAsTable((v) => !v)}
                >
                  {asTable ? 'Hide the table' : 'Show as a table'}
                </Button>
              </div>
              <ScrollTable
                id={tableId}
                hidden={!asTable}
                label={`Spending table, ${label}`}
                tableClassName={styles.table}
              >
                <caption className="visually-hidden">Planned, spent and left by category in {label}</caption>
                <thead>
                  <tr>
                    <th scope="col">Category</th>
                    <th scope="col">Planned</th>
                    <th scope="col">Spent</th>
                    <th scope="col">Left</th>
                  </tr>
                </thead>
                <tbody>
                  {current.categories.map((category) => {
                    const bar = spendingBar(category);
                    return (
                      <tr key={category.name}>
                        <th scope="row">{category.name}</th>
                        <td>{category.planned === null ? 'No plan' : formatDollars(category.planned)}</td>
                        <td>{formatDollars(category.spent)}</td>
                        <td className={bar.over ? styles.over : undefined}>
                          {bar.left === null
                            ? '—'
                            : bar.over
                              ? `${formatDollars(-bar.left)} over`
                              : formatDollars(bar.left)}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </ScrollTable>
            </>
          )}
        </>
      )}
    </Panel>
  );
}
