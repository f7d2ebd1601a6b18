import type { Investment } from '@helo/contract/investments';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Form } from '../../components/layout/form.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { StaleAlert } from '../../components/layout/stale-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DialogActions, FormDialog } from '../../components/ui/dialog.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { failureText } from '../../lib/failure-text.ts';
import { useApiForm } from '../../lib/forms.ts';
import { showToast, TOAST_MS, toastSuccess } from '../../lib/toast.ts';
import styles from './investment-dialog.module.css';
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
  const [schema] = useState(() => profileForm(new Date().getFullYear()));
  const update = useUpdateProfile();
  const client = useQueryClient();
  const [stale, setStale] = useState<string | null>(null);
  const { formError, onSubmit, ...form } = useApiForm(
    schema,
    async (values) => {
      setStale(null);
      try {
        const result = await update.mutateAsync(profileUpdateBodyOf(values, investment.version));
        toastSuccess(result.message, 'Retirement plan updated', TOAST_MS.long);
        onClose();
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          setStale(error.message);
          return;
        }
        showToast('error', failureText(error, 'Something went wrong'), TOAST_MS.long);
        throw error;
      }
    },
    { defaultValues: profileValuesOf(investment) },
  );
  const reload = async () => {
    await client.refetchQueries({ queryKey: INVESTMENT_KEY });
    const fresh = client.getQueryData<Investment | null>(INVESTMENT_KEY);
    setStale(null);
    if (fresh) form.reset(profileValuesOf(fresh));
    else onClose();
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    await onSubmit(event);
    const first = PROFILE_FIELDS.find((name) => form.getFieldState(name).error);
    if (first) form.setFocus(first);
  };
  return (
    <>
      {stale && <StaleAlert message={stale} onReload={reload} focusOnShow />}
      <Form onSubmit={submit} className={styles.form}>
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
