import type { Investment, InvestmentAccount } from '@helo/contract/investments';
import { type FormEvent, useState } from 'react';
import { Form } from '../../components/layout/form.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { StaleAlert } from '../../components/layout/stale-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DialogActions, FormDialog } from '../../components/ui/dialog.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { browserDay } from '../../lib/calendar.ts';
import { useApiForm } from '../../lib/forms.ts';
import { useStaleSave } from '../../lib/stale-save.ts';
import { TOAST_MS, toastSuccess } from '../../lib/toast.ts';
import { ACCOUNT_FIELD_ORDER, AccountFields } from './account-fields.tsx';
import { accountEditForm, accountEditValuesOf, accountUpdateBodyOf } from './investment-values.ts';
import { INVESTMENT_KEY, useUpdateAccount } from './use-investments.ts';

/** The account's fields in a dialog; only mounted while open, so it always starts from the account as it is. */
export function EditAccountDialog({
  account,
  open,
  onClose,
}: {
  account: InvestmentAccount;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <FormDialog open={open} onClose={onClose} title={`Edit “${account.name}”`}>
      <EditForm account={account} onClose={onClose} />
    </FormDialog>
  );
}

/**
 * Saves with the version the page read. The balance is as of "Balance on" (today unless changed):
 * an earlier day enters a past statement, which adds to the history without changing today's
 * balance. Changed meanwhile (another tab: 409), it says so and offers to load the account as it
 * now is, which replaces what was typed here.
 */
function EditForm({ account, onClose }: { account: InvestmentAccount; onClose: () => void }) {
  const [today] = useState(() => browserDay());
  const [schema] = useState(() => accountEditForm(account, today));
  const update = useUpdateAccount(account.id);
  const { stale, save, reload } = useStaleSave();
  const { formError, onSubmit, ...form } = useApiForm(
    schema,
    (values) =>
      save(async () => {
        const result = await update.mutateAsync(accountUpdateBodyOf(values, account, today));
        toastSuccess(result.message, 'Account updated', TOAST_MS.long);
        onClose();
      }),
    { defaultValues: accountEditValuesOf(account, today) },
  );
  const reloadAccount = () =>
    reload<Investment | null>(INVESTMENT_KEY, (data) => {
      const fresh = data?.accounts.find((a) => a.id === account.id);
      if (fresh) form.reset(accountEditValuesOf(fresh, today));
      else onClose(); // deleted meanwhile
    });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    await onSubmit(event);
    const first = [...ACCOUNT_FIELD_ORDER, 'balance_on' as const].find((name) => form.getFieldState(name).error);
    if (first) form.setFocus(first);
  };
  return (
    <>
      {/* The way out of a stale save is Reload: the focus goes there, next to the reason. */}
      {stale && <StaleAlert message={stale} onReload={reloadAccount} focusOnShow />}
      <Form onSubmit={submit} roomy>
        <AccountFields control={form.control} register={form.register} errors={form.formState.errors} />
        <TextField
          label="Balance on"
          type="date"
          max={today}
          hint="The day of the balance above: today, or an earlier statement's day to add it to your history."
          error={form.formState.errors.balance_on?.message}
          {...form.register('balance_on')}
        />
        <FormAlert>{formError}</FormAlert>
        <DialogActions>
          {!stale && (
            <Button type="submit" loading={form.formState.isSubmitting}>
              Save changes
            </Button>
          )}
        </DialogActions>
      </Form>
    </>
  );
}
