import { useNavigate } from 'react-router';
import { Form, FormActions } from '../../components/layout/form.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { CurrencyField } from '../../components/ui/currency-field.tsx';
import { RadioQuestion } from '../../components/ui/radio-question.tsx';
import { useApiForm } from '../../lib/forms.ts';
import { toastSuccess } from '../../lib/toast.ts';
import styles from './first-setup.module.css';
import { afterSetup, FOCUS_OPTIONS, setupAnswersForm, setupBodyOf } from './setup-answers.ts';
import { useSaveOnboardingProfile } from './use-onboarding-profile.ts';

/**
 * The optional setup after verifying (issue 25): the take-home income, which the emergency fund
 * and the budget then start from, and the area to open first. Skipping goes to Home.
 */
export function FirstSetup() {
  const navigate = useNavigate();
  const save = useSaveOnboardingProfile();
  const { control, register, formState, formError, onSubmit } = useApiForm(
    setupAnswersForm,
    async (answers) => {
      const result = await save.mutateAsync(setupBodyOf(answers));
      toastSuccess(result.message, 'Your setup is saved');
      navigate(afterSetup(result.data.first_focus));
    },
    { defaultValues: { monthly_income: '', first_focus: '' } },
  );
  const { errors } = formState;

  return (
    <Form onSubmit={onSubmit} roomy className={styles.setup} aria-labelledby="first-setup-title">
      <div>
        <h2 id="first-setup-title" className={styles.title}>
          Two quick questions
        </h2>
        <p className={styles.lead}>Optional: they save you typing later. You can skip them.</p>
      </div>
      <CurrencyField
        control={control}
        name="monthly_income"
        label="Monthly take-home income"
        error={errors.monthly_income?.message}
      />
      <RadioQuestion
        legend="What do you want to do first?"
        options={FOCUS_OPTIONS}
        error={errors.first_focus?.message}
        {...register('first_focus')}
      />
      <FormAlert>{formError}</FormAlert>
      <FormActions>
        <Button type="button" variant="secondary" onClick={() => navigate('/dashboard/home')}>
          Skip for now
        </Button>
        <Button type="submit" loading={formState.isSubmitting}>
          Save and continue
        </Button>
      </FormActions>
    </Form>
  );
}
