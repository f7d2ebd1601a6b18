import type { BudgetSettings, BudgetSettingsBody } from '@helo/contract/budgets';
import { useEffect } from 'react';
import { Form, FormActions } from '../../components/layout/form.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { Panel } from '../../components/layout/panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useApiForm } from '../../lib/forms.ts';
import { TOAST_MS, toastSuccess } from '../../lib/toast.ts';
import { cadenceOf, fieldOf, settingsForm, valuesOf } from './budget-period-values.ts';
import styles from './pay-period.module.css';
import { useSaveBudgetSettings } from './use-budget-periods.ts';

const ordinal = (n: number) => {
  const s = n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th';
  return `${n}${s}`;
};
const days = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ value: String(from + i), text: ordinal(from + i) }));
const LAST = { value: 'last', text: 'Last day of the month' };

const EVERY_CHOICES = [
  { value: 'week', text: 'Every week' },
  { value: 'two_weeks', text: 'Every two weeks' },
  { value: 'twice_month', text: 'Twice a month' },
  { value: 'month', text: 'Once a month' },
];

/**
 * Budget by calendar month (as always) or by pay period: how often the user is paid and on which
 * days. The monthly budgets stay the plan; a pay period takes its share of its month's.
 */
export function BudgetPeriodSettings({ settings }: { settings: BudgetSettings }) {
  const save = useSaveBudgetSettings();
  const form = useApiForm(
    settingsForm,
    async (values) => {
      const body: BudgetSettingsBody = {
        period: values.period,
        cadence: values.period === 'pay_period' ? cadenceOf(values) : settings.cadence,
        rollover_categories: settings.rollover_categories,
        version: settings.version,
      };
      const result = await save.mutateAsync(body);
      toastSuccess(result.message, 'Your budget settings are saved', TOAST_MS.long);
    },
    { defaultValues: valuesOf(settings), serverPath: fieldOf },
  );
  const {
    register,
    watch,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  // A save (or a reload) brings a new version: the form starts from it.
  useEffect(() => reset(valuesOf(settings)), [settings, reset]);
  const period = watch('period');
  const every = watch('every');

  return (
    <Panel title="Budget period">
      <MutedText small>
        Budget by calendar month, or by pay period: each paycheck gets its share of the month's plan (12 months spread
        over the year's paychecks), so a month with three paydays plans three periods.
      </MutedText>
      <Form onSubmit={form.onSubmit}>
        <div className={styles.settings}>
          <SelectField
            label="Budget by"
            choices={[
              { value: 'month', text: 'Calendar month' },
              { value: 'pay_period', text: 'Pay period' },
            ]}
            error={errors.period?.message}
            {...register('period')}
          />
          {period === 'pay_period' && (
            <SelectField
              label="How often you are paid"
              choices={EVERY_CHOICES}
              error={errors.every?.message}
              {...register('every')}
            />
          )}
          {period === 'pay_period' && (every === 'week' || every === 'two_weeks') && (
            <TextField
              label="A payday"
              type="date"
              hint="Any payday, past or coming: the others follow from it."
              error={errors.payday?.message}
              {...register('payday')}
            />
          )}
          {period === 'pay_period' && every === 'twice_month' && (
            <>
              <SelectField
                label="First payday"
                choices={days(1, 27)}
                error={errors.first?.message}
                {...register('first')}
              />
              <SelectField
                label="Second payday"
                choices={[...days(2, 28), LAST]}
                hint="Past a short month's end, the month's last day."
                error={errors.second?.message}
                {...register('second')}
              />
            </>
          )}
          {period === 'pay_period' && every === 'month' && (
            <SelectField
              label="Payday"
              choices={[...days(1, 28), LAST]}
              error={errors.day?.message}
              {...register('day')}
            />
          )}
        </div>
        <FormAlert>{form.formError}</FormAlert>
        <FormActions>
          <Button type="submit" loading={isSubmitting}>
            Save budget period
          </Button>
        </FormActions>
      </Form>
    </Panel>
  );
}
