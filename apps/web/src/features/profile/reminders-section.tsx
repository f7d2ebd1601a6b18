import {
  type EmailReminderPreferences,
  emailReminderPreferences,
  emailReminderPreferencesResponse,
  LEAD_DAYS_MAX,
  LEAD_DAYS_MIN,
} from '@helo/contract/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form } from '../../components/layout/form.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { Panel } from '../../components/layout/panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';
import { useApiForm } from '../../lib/forms.ts';
import { toastSuccess } from '../../lib/toast.ts';

const KEY = ['profile', 'reminders'];

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
    queryFn: async () =>
      expectFound(await api.get('/v1/email-reminder-preferences', emailReminderPreferencesResponse)).data,
  });
  if (!prefs.data) {
    return (
      <Panel title="Email reminders">
        {prefs.isError ? (
          <FormAlert>Your preferences could not be loaded. Please reload.</FormAlert>
        ) : (
          <Spinner label="Loading" />
        )}
      </Panel>
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
  const {
    register,
    onSubmit,
    formError,
    watch,
    formState: { errors, isSubmitting },
  } = useApiForm(
    emailReminderPreferences,
    async (values) => {
      const { data, message } = expectFound(
        await api.put('/v1/email-reminder-preferences', values, emailReminderPreferencesResponse),
      );
      onSaved(data);
      toastSuccess(message, 'Saved');
    },
    { defaultValues: initial },
  );

  return (
    <Panel title="Email reminders">
      <Form onSubmit={onSubmit}>
        <FormAlert>{formError}</FormAlert>
        {SWITCHES.map((s) => (
          <Checkbox key={s.name} label={s.label} hint={s.about} {...register(s.name)} />
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
        <MutedText>Security emails, such as a password change, are always sent.</MutedText>
        <div>
          <Button type="submit" loading={isSubmitting}>
            Save reminders
          </Button>
        </div>
      </Form>
    </Panel>
  );
}
