import { useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Form, FormActions } from '../../components/layout/form.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import type { FundAnswers } from './fund-answers.ts';
import { FundAnswersFields } from './fund-answers-fields.tsx';
import styles from './setup-information.module.css';
import { SetupStepper } from './setup-stepper.tsx';

const FIELD_ORDER: (keyof FundAnswers)[] = [
  'is_saving',
  'saved_amount',
  'monthly_income',
  'monthly_saving',
  'monthly_saving_want',
];

/**
 * The 'Provide information' step. It appears after Start Now, or again after a failed save with the
 * server's errors on their fields: the focus goes to the first of those, else to the step's title.
 */
export function SetupInformation({
  form,
  formError,
  onSubmit,
}: {
  form: UseFormReturn<FundAnswers, unknown, FundAnswers>;
  formError: string | null;
  onSubmit: () => void;
}) {
  const title = useRef<HTMLHeadingElement>(null);
  const { errors } = form.formState;
  const { setFocus } = form;
  // Only on arrival: the errors of a failed save are there already then.
  const firstError = useRef(FIELD_ORDER.find((name) => errors[name]));
  useEffect(() => {
    if (firstError.current) setFocus(firstError.current);
    else title.current?.focus();
  }, [setFocus]);

  return (
    <div className={styles.step}>
      <SetupStepper current={0} />
      <h1 ref={title} tabIndex={-1} className={styles.title}>
        Tell us about your money
      </h1>
      <p className={styles.lead}>
        A safe cushion is 3 to 6 months of your expenses. These answers let us work out yours and how soon you get
        there.
      </p>
      <Form onSubmit={onSubmit} roomy>
        <FundAnswersFields form={form} />
        <FormAlert>{formError}</FormAlert>
        <FormActions>
          <Button type="submit" size="lg">
            Next
          </Button>
        </FormActions>
      </Form>
    </div>
  );
}
