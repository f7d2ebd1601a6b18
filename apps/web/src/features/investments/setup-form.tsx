import { MAX_INVESTMENT_ACCOUNTS } from '@helo/contract/investments';
import { dayParts } from '@helo/finance/calendar';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type FieldPath, type UseFormRegister, useFieldArray } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Form, FormActions } from '../../components/layout/form.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { browserDay } from '../../lib/calendar.ts';
import { failureText } from '../../lib/failure-text.ts';
import { useApiForm } from '../../lib/forms.ts';
import { showToast, TOAST_MS, toastSuccess } from '../../lib/toast.ts';
import { ACCOUNT_FIELD_ORDER, AccountFields } from './account-fields.tsx';
import {
  BLANK_ACCOUNT,
  BLANK_SETUP,
  PROFILE_FIELDS,
  type ProfileValues,
  type SetupValues,
  setupBodyOf,
  setupForm,
} from './investment-values.ts';
import { ProfileFields } from './profile-fields.tsx';
import { placeRowErrors } from './row-errors.ts';
import styles from './setup-form.module.css';
import { INVESTMENT_KEY, useCreateInvestment } from './use-investments.ts';

export const INVESTMENTS_PATH = '/dashboard/my-investments';

/**
 * The setup's two steps in one form: about you (checked before step 2), then a row per account.
 * The save sends both; a refusal of a step 1 field (the server knows New York's year) goes back
 * to step 1, and every refused field takes its message, the first one the focus.
 */
export function SetupForm() {
  const [step, setStep] = useState<1 | 2>(1);
  const [schema] = useState(() => setupForm(dayParts(browserDay())[0]));
  const create = useCreateInvestment();
  const client = useQueryClient();
  const navigate = useNavigate();
  const { formError, onSubmit, ...form } = useApiForm(
    schema,
    async (values) => {
      try {
        const result = await create.mutateAsync(setupBodyOf(values));
        toastSuccess(result.message, 'Retirement plan saved', TOAST_MS.long);
        navigate(INVESTMENTS_PATH);
      } catch (error) {
        showToast('error', failureText(error, 'Something went wrong'), TOAST_MS.long);
        if (error instanceof ApiError && error.status === 409) {
          // Set up meanwhile, in another tab: there is nothing left to create.
          void client.invalidateQueries({ queryKey: INVESTMENT_KEY });
          navigate(INVESTMENTS_PATH, { replace: true });
          return;
        }
        const rest = placeRowErrors(error, form.setError, values.accounts.length);
        if (rest) throw rest;
      }
    },
    { defaultValues: BLANK_SETUP },
  );
  const rows = useFieldArray({ control: form.control, name: 'accounts' });
  const errors = form.formState.errors;

  // Each step's heading takes the focus when the step changes: the button pressed is gone.
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    heading.current?.focus();
  });
  const goTo = (next: 1 | 2) => {
    moved.current = true;
    setStep(next);
  };

  const firstError = (): FieldPath<SetupValues> | undefined => {
    const profile = PROFILE_FIELDS.find((name) => form.getFieldState(name).error);
    if (profile) return profile;
    for (let i = 0; i < rows.fields.length; i++) {
      const field = ACCOUNT_FIELD_ORDER.find((name) => form.getFieldState(`accounts.${i}.${name}`).error);
      if (field) return `accounts.${i}.${field}`;
    }
    return undefined;
  };

  const next = async () => {
    if (await form.trigger(PROFILE_FIELDS)) goTo(2);
    else form.setFocus(firstError() ?? 'birth_year');
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    // Enter on step 1 goes on to step 2, as Next does; only step 2 saves.
    if (step === 1) {
      event.preventDefault();
      await next();
      return;
    }
    await onSubmit(event);
    const first = firstError();
    if (!first) return;
    if (PROFILE_FIELDS.includes(first as keyof ProfileValues) && step === 2) {
      setStep(1);
      // After the step's fields are back on the page.
      requestAnimationFrame(() => form.setFocus(first));
    } else form.setFocus(first);
  };

  return (
    <Form onSubmit={submit} roomy>
      <p className={styles.step}>Step {step} of 2</p>
      {step === 1 ? (
        <>
          <h2 ref={heading} tabIndex={-1} className={styles.heading}>
            About you
          </h2>
          <ProfileFields register={form.register as unknown as UseFormRegister<ProfileValues>} errors={errors} />
          <FormActions>
            <Button type="submit" size="lg">
              Next: your accounts
            </Button>
          </FormActions>
        </>
      ) : (
        <>
          <h2 ref={heading} tabIndex={-1} className={styles.heading}>
            Your accounts
          </h2>
          <MutedText>
            One row per account: a 401(k), an IRA, a brokerage account. Balances are what each holds today; no real
            money moves.
          </MutedText>
          <div className={styles.rows}>
            {rows.fields.map((row, i) => (
              <fieldset key={row.id} className={styles.row}>
                <legend className={styles.legend}>Account {i + 1}</legend>
                <AccountFields
                  control={form.control}
                  register={form.register}
                  errors={errors.accounts?.[i]}
                  prefix={`accounts.${i}.`}
                />
                {rows.fields.length > 1 && (
                  <div className={styles.rowActions}>
                    <Button variant="ghost" size="sm" onClick={() => rows.remove(i)}>
                      Remove account {i + 1}
                    </Button>
                  </div>
                )}
              </fieldset>
            ))}
          </div>
          {rows.fields.length < MAX_INVESTMENT_ACCOUNTS && (
            <div>
              <Button
                variant="secondary"
                onClick={() => {
                  rows.append(BLANK_ACCOUNT, { focusName: `accounts.${rows.fields.length}.name` });
                }}
              >
                Add another account
              </Button>
            </div>
          )}
          <FormAlert>{formError}</FormAlert>
          <FormActions>
            <Button variant="secondary" onClick={() => goTo(1)}>
              Back
            </Button>
            <Button type="submit" size="lg" loading={form.formState.isSubmitting}>
              Save my plan
            </Button>
          </FormActions>
        </>
      )}
    </Form>
  );
}
