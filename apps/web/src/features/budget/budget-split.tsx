import type { Budget } from '@helo/contract/budgets';
import { lazy } from 'react';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { Panel } from '../../components/layout/panel.tsx';
import { WhenVisible } from '../../components/ui/when-visible.tsx';
import { money } from './budget-format.ts';
import styles from './budget-split.module.css';
import { GROUP_LABELS } from './budget-values.ts';

// recharts (~60 KB gzipped) loads when the chart scrolls into view.
const SplitChart = lazy(async () => ({ default: (await import('./split-chart.tsx')).SplitChart }));

const GUIDE = { needs: 50, wants: 30, savings: 20 } as const;
const percent = (value: number) => `${value.toLocaleString('en-US', { maximumFractionDigits: 2 })} %`;

/** Needs, wants and savings against 50/30/20: the chart, and the table with the same figures. */
export function BudgetSplit({ budget }: { budget: Budget }) {
  const { summary } = budget;
  return (
    <Panel title="Needs, wants and savings">
      <MutedText small>
        The 50/30/20 guideline: half of what you take home for needs, 30 % for wants and 20 % for savings and extra debt
        payments.
      </MutedText>
      <WhenVisible className={styles.chart}>
        <SplitChart summary={summary} />
      </WhenVisible>
      <div className={styles.scroll}>
        <table className={styles.table}>
          <caption className="visually-hidden">Your plan against the 50/30/20 guideline</caption>
          <thead>
            <tr>
              <th scope="col">Group</th>
              <th scope="col">You plan</th>
              <th scope="col">Of your income</th>
              <th scope="col">Guideline</th>
            </tr>
          </thead>
          <tbody>
            {(['needs', 'wants', 'savings'] as const).map((g) => (
              <tr key={g}>
                <th scope="row">{GROUP_LABELS[g]}</th>
                <td>{money(summary.by_group[g])}</td>
                <td>{percent(summary.share_of_income[g])}</td>
                <td>
                  {money(summary.guideline[g])} ({GUIDE[g]} %)
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Panel>
  );
}
