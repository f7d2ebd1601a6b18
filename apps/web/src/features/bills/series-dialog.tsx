import type { RecurringSeries } from '@helo/contract/recurring';
import { Form } from '../../components/layout/form.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { DialogActions, FormDialog } from '../../components/ui/dialog.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { browserDay } from '../../lib/calendar.ts';
import { useApiForm } from '../../lib/forms.ts';
import { TOAST_MS, toastSuccess } from '../../lib/toast.ts';
import styles from './bills-page.module.css';
import { seriesBodyOf, seriesForm, serverPathOf, valuesOf } from './series-values.ts';
import { useAddSeries, useBillAccounts, useUpdateSeries } from './use-bills.ts';

const DAYS = Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), text: String(i + 1) }));

/** Adds a series by hand (`series` null) or changes one. */
export function SeriesDialog({
  series,
  open,
  onClose,
}: {
  series: RecurringSeries | null;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <FormDialog open={open} onClose={onClose} title={series ? `Edit ${series.name}` : 'Add a recurring series'}>
      <SeriesFormLoader series={series} onClose={onClose} />
    </FormDialog>
  );
}

function SeriesFormLoader({ series, onClose }: { series: RecurringSeries | null; onClose: () => void }) {
  const accounts = useBillAccounts();
  if (!accounts.data) return <Spinner label="Loading your accounts" />;
  return <SeriesForm series={series} accounts={accounts.data} onClose={onClose} />;
}

function SeriesForm({
  series,
  accounts,
  onClose,
}: {
  series: RecurringSeries | null;
  accounts: { id: string; name: string }[];
  onClose: () => void;
}) {
  const add = useAddSeries();
  const update = useUpdateSeries(series?.id ?? '');
  const { register, formState, watch, formError, onSubmit } = useApiForm(
    seriesForm,
    async (values) => {
      const body = seriesBodyOf(values);
      const result = series
        ? await update.mutateAsync({ ...body, version: series.version })
        : await add.mutateAsync(body);
      toastSuccess(result.message, series ? 'Recurring series saved' : 'Recurring series added', TOAST_MS.medium);
      onClose();
    },
    { defaultValues: valuesOf(series, browserDay(), accounts[0]?.id ?? ''), serverPath: serverPathOf },
  );
  const e = formState.errors;
  const [kind, every, throughNest] = [watch('kind'), watch('every'), watch('through_nest')];
  const choices = accounts.map((a) => ({ value: a.id, text: a.name }));
  return (
    <Form onSubmit={onSubmit} noValidate>
      <FormAlert>{formError}</FormAlert>
      <TextField label="Name" {...register('name')} error={e.name?.message} />
      <div className={styles.formRow}>
        <SelectField
          label="Kind"
          choices={[
            { value: 'bill', text: 'Bill' },
            { value: 'subscription', text: 'Subscription' },
            { value: 'income', text: 'Income' },
            { value: 'transfer', text: 'Transfer' },
          ]}
          {...register('kind')}
          error={e.kind?.message}
        />
        <TextField label="Amount ($)" inputMode="decimal" {...register('amount')} error={e.amount?.message} />
      </div>
      <Checkbox label="The amount varies (this is the typical amount)" {...register('amount_varies')} />
      <div className={styles.formRow}>
        <SelectField
          label="How often"
          choices={[
            { value: 'week', text: 'Every week' },
            { value: 'two_weeks', text: 'Every two weeks' },
            { value: 'twice_month', text: 'Twice a month' },
            { value: 'month', text: 'Every month' },
            { value: 'year', text: 'Every year' },
          ]}
          {...register('every')}
          error={e.every?.message}
        />
        {every === 'month' && (
          <SelectField
            label="Day of the month"
            choices={[...DAYS, { value: 'last', text: 'Last day' }]}
            {...register('day')}
            error={e.day?.message}
          />
        )}
        {every === 'twice_month' && (
          <>
            <SelectField label="First day" choices={DAYS} {...register('day')} error={e.day?.message} />
            <SelectField label="Second day" choices={DAYS} {...register('second_day')} error={e.second_day?.message} />
          </>
        )}
      </div>
      <div className={styles.formRow}>
        <SelectField
          label={kind === 'income' ? 'Into account' : 'From account'}
          choices={choices}
          {...register('account_id')}
          error={e.account_id?.message}
        />
        {kind === 'transfer' && (
          <SelectField
            label="To account"
            none="Choose an account"
            choices={choices}
            {...register('to_account_id')}
            error={e.to_account_id?.message}
          />
        )}
        {(kind === 'bill' || kind === 'subscription') && (
          <TextField label="Category (optional)" {...register('category')} error={e.category?.message} />
        )}
      </div>
      <div className={styles.formRow}>
        <TextField
          label="Start date"
          type="date"
          hint={every === 'week' || every === 'two_weeks' || every === 'year' ? 'Due dates count from it.' : undefined}
          {...register('start_date')}
          error={e.start_date?.message}
        />
        <TextField label="End date (optional)" type="date" {...register('end_date')} error={e.end_date?.message} />
      </div>
      {kind === 'income' && (
        <>
          <Checkbox
            label="Through the Money Nest"
            hint="The Nest records it and splits it by your rules when it arrives."
            {...register('through_nest')}
            error={e.through_nest?.message}
          />
          {throughNest && (
            <Checkbox
              label="Record it for me on its date"
              hint="Even when no bank transaction arrives."
              {...register('record_for_me')}
              error={e.record_for_me?.message}
            />
          )}
        </>
      )}
      <DialogActions>
        <Button type="submit" loading={add.isPending || update.isPending}>
          {series ? 'Save' : 'Add series'}
        </Button>
      </DialogActions>
    </Form>
  );
}
