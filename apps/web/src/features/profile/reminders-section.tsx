import {
  type EmailReminderPreferences,
  emailReminderPreferences,
  LEAD_DAYS_MAX,
  LEAD_DAYS_MIN,
} from '@helo/contract/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import form from '../../components/layout/form.module.css';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { api } from '../../lib/auth.ts';
import { applyServerErrors } from '../../lib/forms.ts';
import { showToast, TOAST_MS } from '../../lib/toast.ts';
import styles from './profile-settings.module.css';

const KEY = ['email-reminder-preferences'];

const SWITCHES: { name: keyof EmailReminderPreferences; label: string; about: string }[] = [
  { name: 'payment_due_reminders', label: 'Loan payment reminders', about: 'Before a loan payment is due.' },
  {
    name: 'goal_milestones',
    label: 'Goal milestones',
    about: 'When a savings goal or your emergency fund passes 25, 50, 75 and 100 %.',
  },
  { name: 'monthly_summary', label: 'Monthly summary', about: 'Your month in one email.' },
  { name: 'product_news', label: 'Product news', about: 'New features, now and then.' },
];

export function RemindersSection() {
  const client = useQueryClient();
  const prefs = useQuery({
    queryKey: KEY,
    queryFn: async () => (await api.get<EmailReminderPreferences>('/v1/email-reminder-preferences')).data,
  });
  if (!prefs.data) {
    return (
      <section className={styles.card} aria-labelledby="reminders-title">
        <h2 id="reminders-title">Email reminders</h2>
        {prefs.isError ? (
          <FormAlert>Your preferences could not be loaded. Please reload.</FormAlert>
        ) : (
          <Spinner label="Loading" />
        )}
      </section>
    );
  }
  return <RemindersForm initial={prefs.data} onSaved={(saved) => client.setQueryData(KEY, saved)} />;
}

function RemindersForm({
  initial,
  onSaved,
}: {
  initial: EmailReminderPreferences;
  onSaved: (saved: EmailReminderPreferences) => void;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<EmailReminderPreferences>({ resolver: zodResolver(emailReminderPreferences), defaultValues: initial });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { data, message } = await api.put<EmailReminderPreferences>('/v1/email-reminder-preferences', values);
      onSaved(data);
      showToast('success', message ?? 'Saved', TOAST_MS.long);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['payment_due_lead_days']));
    }
  });

  return (
    <section className={styles.card} aria-labelledby="reminders-title">
      <h2 id="reminders-title">Email reminders</h2>
      <form onSubmit={onSubmit} noValidate className={styles.form}>
        <FormAlert>{formError}</FormAlert>
        {SWITCHES.map((s) => (
          <label key={s.name} className={form.checkbox}>
            <input type="checkbox" {...register(s.name)} />
            <span>
              {s.label}
              <small className={styles.hint}>{s.about}</small>
            </span>
          </label>
        ))}
        <TextField
          label="Days before a payment is due"
          type="number"
          min={LEAD_DAYS_MIN}
          max={LEAD_DAYS_MAX}
          disabled={!watch('payment_due_reminders')}
          error={errors.payment_due_lead_days?.message}
          {...register('payment_due_lead_days', { valueAsNumber: true })}
        />
        <p className={styles.muted}>Security emails, such as a password change, are always sent.</p>
        <div>
          <Button type="submit" loading={isSubmitting}>
            Save reminders
          </Button>
        </div>
      </form>
    </section>
  );
}
