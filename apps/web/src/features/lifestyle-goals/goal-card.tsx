import type { LifestyleGoal } from '@helo/contract/lifestyle-goals';
import { RecordActions, RecordCard, RecordFigures } from '../../components/layout/record-card.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ProgressToTarget } from '../../components/ui/progress-to-target.tsx';
import { useOpenedFrom } from '../../components/ui/use-opened-from.ts';
import { formatDay, formatDollars, formatPercent } from '../../lib/display-format.ts';
import { DeleteGoalDialog } from './delete-goal-dialog.tsx';
import { EditGoalDialog } from './edit-goal-dialog.tsx';
import styles from './goal-card.module.css';
import { GoalEntryForm } from './goal-entry-form.tsx';
import { KIND_LABELS, monthlyText, monthsLeftText, statusText } from './goal-format.ts';

/** One goal: its progress, what it needs a month, whether it is on track, and what can be done with it. */
export function GoalCard({ goal }: { goal: LifestyleGoal }) {
  const { open, setOpen, actions, closeAndFocus } = useOpenedFrom<'deposit' | 'withdrawal' | 'edit' | 'delete'>();
  return (
    <RecordCard level={2} name={goal.name} kind={KIND_LABELS[goal.kind]}>
      <ProgressToTarget
        label="Progress to your target"
        percent={goal.progress_percent}
        saved={goal.saved_amount}
        target={goal.target_amount}
        valueText={`${formatPercent(goal.progress_percent)}: ${formatDollars(goal.saved_amount)} of ${formatDollars(goal.target_amount)}`}
      />
      <RecordFigures>
        <div>
          <dt>Monthly amount needed</dt>
          <dd>{monthlyText(goal)}</dd>
        </div>
        <div>
          <dt>Time left</dt>
          <dd>{monthsLeftText(goal.plan.months_left)}</dd>
        </div>
        <div>
          <dt>Target date</dt>
          <dd>{formatDay(goal.target_date)}</dd>
        </div>
      </RecordFigures>
      <p className={goal.status === 'behind' ? styles.behind : styles.status}>{statusText(goal)}</p>
      {open === 'deposit' || open === 'withdrawal' ? (
        <GoalEntryForm goal={goal} kind={open} onDone={() => closeAndFocus(open)} />
      ) : (
        <RecordActions ref={actions}>
          <Button data-action="deposit" onClick={() => setOpen('deposit')}>
            Add money
          </Button>
          <Button
            data-action="withdrawal"
            variant="secondary"
            disabled={goal.saved_amount <= 0}
            onClick={() => setOpen('withdrawal')}
          >
            Take money out
          </Button>
          <Button data-action="edit" variant="secondary" onClick={() => setOpen('edit')}>
            Edit
          </Button>
          <Button data-action="delete" variant="ghost" onClick={() => setOpen('delete')}>
            Delete
          </Button>
        </RecordActions>
      )}
      <EditGoalDialog goal={goal} open={open === 'edit'} onClose={() => closeAndFocus('edit')} />
      <DeleteGoalDialog goal={goal} open={open === 'delete'} onClose={() => closeAndFocus('delete')} />
    </RecordCard>
  );
}
