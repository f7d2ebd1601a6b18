import { goalsResponse } from '@helo/contract/catalogues';
import { saveGoalsResponse } from '@helo/contract/onboarding';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AuthCard } from '../../components/layout/auth-card.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useApiAction } from '../../lib/api-action.ts';
import { expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';
import styles from './goals-step.module.css';

/** Step 3 of onboarding: what the user wants Helo to help with. */
export function GoalsStep() {
  const navigate = useNavigate();
  const goals = useQuery({
    queryKey: ['onboarding', 'goals'],
    queryFn: async () => expectFound(await api.get('/v1/goals', goalsResponse)).data,
  });
  const [selected, setSelected] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const saving = useApiAction((goal_ids: number[]) => api.put('/v1/onboarding/goals', { goal_ids }, saveGoalsResponse));

  const toggle = (id: number) => {
    setError(null);
    setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  };

  const save = async () => {
    if (selected.length === 0) {
      setError('Pick at least one goal to continue.');
      return;
    }
    if (await saving.run(selected)) navigate('/dashboard/all-set-up');
  };

  return (
    <AuthCard
      title="What would you like Helo to help with?"
      subtitle="Pick as many as you like. You can change this later."
    >
      {goals.isPending && <Spinner label="Loading goals" />}
      {goals.isError && <FormAlert>We could not load the goals. Please reload the page.</FormAlert>}
      {goals.data && (
        <fieldset className={styles.fieldset}>
          <legend className="visually-hidden">Your goals</legend>
          <ul className={styles.goals}>
            {goals.data.map((g) => (
              <li key={g.id}>
                <label className={styles.goal}>
                  <input type="checkbox" checked={selected.includes(g.id)} onChange={() => toggle(g.id)} />
                  <span>
                    <span className={styles.goalName}>{g.goal_name}</span>
                    <span className={styles.goalDescription}>{g.description}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
          <FormAlert>{error}</FormAlert>
          <Button onClick={save} loading={saving.busy} fullWidth>
            Continue
          </Button>
        </fieldset>
      )}
    </AuthCard>
  );
}
