import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Form, FormActions } from '../../components/layout/form.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { failureText } from '../../lib/failure-text.ts';
import { useApiForm } from '../../lib/forms.ts';
import { showToast, TOAST_MS, toastSuccess } from '../../lib/toast.ts';
import { ACCOUNT_FIELD_ORDER, AccountFields } from './account-fields.tsx';
import { accountBodyOf, accountForm, BLANK_ACCOUNT } from './investment-values.ts';
import { INVESTMENTS_PATH } from './setup-form.tsx';
import { useAddAccount } from './use-investments.ts';

/** One more account for a plan that exists; its balance is recorded as of today. */
export function AddAccountForm() {
  const add = useAddAccount();
  const navigate = useNavigate();
  const { formError, onSubmit, ...form } = useApiForm(
    accountForm,
    async (values) => {
      try {
        const result = await add.mutateAsync(accountBodyOf(values));
        toastSuccess(result.message, 'Account added', TOAST_MS.long);
        navigate(INVESTMENTS_PATH);
      } catch (error) {
        showToast('error', failureText(error, 'Something went wrong'), TOAST_MS.long);
        // Field errors go to their fields; the rest (30 accounts already: 409) to the form's alert.
        throw error;
      }
    },
    { defaultValues: BLANK_ACCOUNT },
  );
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    await onSubmit(event);
    const first = ACCOUNT_FIELD_ORDER.find((name) => form.getFieldState(name).error);
    if (first) form.setFocus(first);
  };
  return (
    <Form onSubmit={submit} roomy>
      <AccountFields control={form.control} register={form.register} errors={form.formState.errors} />
      <FormAlert>{formError}</FormAlert>
      <FormActions>
        <ButtonLink to={INVESTMENTS_PATH} variant="secondary">
          Cancel
        </ButtonLink>
        <Button type="submit" size="lg" loading={form.formState.isSubmitting}>
          Add account
        </Button>
      </FormActions>
    </Form>
  );
}
