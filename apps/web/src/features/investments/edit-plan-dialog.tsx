import type { Investment } from '@helo/contract/investments';
import { dayParts } from '@helo/finance/calendar';
import { type FormEvent, useState } from 'react';
import { Form } from '../../components/layout/form.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { StaleAlert } from '../../components/layout/stale-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DialogActions, FormDialog } from '../../components/ui/dialog.tsx';
import { browserDay } from '../../lib/calendar.ts';
import { useApiForm } from '../../lib/forms.ts';
import { useStaleSave } from '../../lib/stale-save.ts';
import { TOAST_MS, toastSuccess } from '../../lib/toast.ts';
import { PROFILE_FIELDS, profileForm, profileUpdateBodyOf, profileValuesOf } from './investment-values.ts';
import { ProfileFields } from './profile-fields.tsx';
import { INVESTMENT_KEY, useUpdateProfile } from './use-investments.ts';

/** Birth year, retirement age and inflation in a dialog; only mounted while open. */
export function EditPlanDialog({
  investment,
  open,
  onClose,
}: {
  investment: Investment;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <FormDialog open={open} onClose={onClose} title="Edit your plan">
      <EditForm investment={investment} onClose={onClose} />
    </FormDialog>
  );
}

/** Saves with the version read; changed meanwhile (409), the reason and Reload, as for an account. */
function EditForm({ investment, onClose }: { investment: Investment; onClose: () => void }) {
  const [schema] = useState(() => profileForm(dayParts(browserDay())[0]));
  const update = useUpdateProfile();
  const { stale, save, reload } = useStaleSave();
  const { formError, onSubmit, ...form } = useApiForm(
    schema,
    (values) =>
      save(async () => {
        const result = await update.mutateAsync(profileUpdateBodyOf(values, investment.version));
        toastSuccess(result.message, 'Retirement plan updated', TOAST_MS.long);
        onClose();
      }),
    { defaultValues: profileValuesOf(investment) },
  );
  const reloadPlan = () =>
    reload<Investment | null>(INVESTMENT_KEY, (fresh) => {
      if (fresh) form.reset(profileValuesOf(fresh));
      else onClose();
    });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    await onSubmit(event);
    const first = PROFILE_FIELDS.find((name) => form.getFieldState(name).error);
    if (first) form.setFocus(first);
  };
  return (
    <>
      {stale && <StaleAlert message={stale} onReload={reloadPlan} focusOnShow />}
      <Form onSubmit={submit} roomy>
        <ProfileFields register={form.register} errors={form.formState.errors} />
        <FormAlert>{formError}</FormAlert>
        <DialogActions>
          {!stale && (
            <Button type="submit" loading={form.formState.isSubmitting}>
              Save plan
            </Button>
          )}
        </DialogActions>
      </Form>
    </>
  );
}
