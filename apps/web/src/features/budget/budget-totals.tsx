import type { Budget } from '@helo/contract/budgets';
import { Panel } from '../../components/layout/panel.tsx';
import { money, surplusText } from './budget-format.ts';
import styles from './budget-totals.module.css';

/** The month's income, what is planned, and the difference in words. */
export function BudgetTotals({ budget }: { budget: Budget }) {
  const { summary } = budget;
  return (
    <Panel title="Totals">
      <dl className={styles.figures}>
        <div>
          <dt>Net income</dt>
          <dd>{money(budget.net_income)}</dd>
        </div>
        <div>
          <dt>Planned</dt>
          <dd>{money(summary.planned)}</dd>
        </div>
      </dl>
      <p className={summary.surplus < 0 ? styles.shortfall : styles.surplus}>{surplusText(summary.surplus)}</p>
    </Panel>
  );
}
