import type { LifestyleGoal } from '@helo/contract/lifestyle-goals';
import { lazy, useId, useState } from 'react';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { Panel } from '../../components/layout/panel.tsx';
import { FiguresTable } from '../../components/ui/figures-table.tsx';
import { WhenVisible } from '../../components/ui/when-visible.tsx';
import { formatDollars } from '../../lib/display-format.ts';
import { monthLabel, monthlyText } from './goal-format.ts';
import styles from './goal-projection.module.css';

// recharts is heavy: loaded only when the chart comes near the screen.
const GoalProjectionChart = lazy(async () => ({
  default: (await import('./goal-projection-chart.tsx')).GoalProjectionChart,
}));

/**
 * Where one goal's balance is headed at its monthly amount: a chart, and the same figures as a
 * table. With several goals, the person picks which one.
 */
export function GoalProjection({ goals }: { goals: readonly LifestyleGoal[] }) {
  const selectId = useId();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const goal = goals.find((g) => g.id === chosenId) ?? goals[0];
  if (!goal) return null;
  return (
    <Panel title="Projection">
      {goals.length > 1 && (
        <div className={styles.picker}>
          <label htmlFor={selectId}>Goal</label>
          <select id={selectId} value={goal.id} onChange={(e) => setChosenId(e.target.value)} className={styles.select}>
            {goals.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {goal.projection.length === 0 ? (
        <MutedText>“{goal.name}” has reached its target: there is nothing left to project.</MutedText>
      ) : (
        <>
          <MutedText>
            “{goal.name}” saving {monthlyText(goal)}
            {goal.apy > 0 ? ` at ${goal.apy} % APY` : ''}, from {formatDollars(goal.saved_amount)} today to{' '}
            {formatDollars(goal.target_amount)}.
          </MutedText>
          <WhenVisible className={styles.chart}>
            <GoalProjectionChart projection={goal.projection} targetAmount={goal.target_amount} />
          </WhenVisible>
          <ProjectionTable goal={goal} />
        </>
      )}
      <MutedText small>Projected estimate, not financial advice.</MutedText>
    </Panel>
  );
}

function ProjectionTable({ goal }: { goal: LifestyleGoal }) {
  return (
    <FiguresTable
      summary={`Month-by-month figures (${goal.projection.length} months)`}
      label={`Projection of ${goal.name}`}
      columns={
        <>
          <th scope="col">Month</th>
          <th scope="col">Projected balance</th>
        </>
      }
      rows={() =>
        goal.projection.map((p) => (
          <tr key={p.month}>
            <th scope="row">{monthLabel(p.month)}</th>
            <td>{formatDollars(p.balance)}</td>
          </tr>
        ))
      }
    />
  );
}
