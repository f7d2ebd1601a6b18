import type { LifestyleGoal } from '@helo/contract/lifestyle-goals';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { formatDay } from '../../lib/display-format.ts';
import { DeleteGoalDialog } from './delete-goal-dialog.tsx';
import { EditGoalDialog } from './edit-goal-dialog.tsx';
import styles from './goal-card.module.css';
import { GoalEntryForm } from './goal-entry-form.tsx';
import { KIND_LABELS, monthlyText, monthsLeftText, statusText } from './goal-format.ts';
import { GoalProgress } from './goal-progress.tsx';

type Open = 'deposit' | 'withdrawal' | 'edit' | 'delete' | null;

/** One goal: its progress, what it needs a month, whether it is on track, and what can be done with it. */
export function GoalCard({ goal }: { goal: LifestyleGoal }) {
  const titleId = useId();
  const [open, setOpen] = useState<Open>(null);
  const actions = useRef<HTMLDivElement>(null);
  // Back to the card's button that opened the form or dialog when it closes, not to the page's start.
  const returnTo = useRef<Open>(null);
  const closeAndFocus = (button: Exclude<Open, null>) => {
    returnTo.current = button;
    setOpen(null);
  };
  useEffect(() => {
    if (open !== null || !returnTo.current) return;
    actions.current?.querySelector<HTMLButtonElement>(`[data-action="${returnTo.current}"]`)?.focus();
    returnTo.current = null;
  }, [open]);
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <header className={styles.header}>
        <h2 id={titleId} className={styles.name}>
          {goal.name}
        </h2>
        <span className={styles.kind}>{KIND_LABELS[goal.kind]}</span>
      </header>
      <GoalProgress percent={goal.progress_percent} saved={goal.saved_amount} target={goal.target_amount} />
      <dl className={styles.figures}>
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
      </dl>
      <p className={goal.status === 'behind' ? styles.behind : styles.status}>{statusText(goal)}</p>
      {open === 'deposit' || open === 'withdrawal' ? (
        <GoalEntryForm goal={goal} kind={open} onDone={() => closeAndFocus(open)} />
      ) : (
        <div ref={actions} className={styles.actions}>
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
        </div>
      )}
      <EditGoalDialog goal={goal} open={open === 'edit'} onClose={() => closeAndFocus('edit')} />
      <DeleteGoalDialog goal={goal} open={open === 'delete'} onClose={() => closeAndFocus('delete')} />
    </article>
  );
}
