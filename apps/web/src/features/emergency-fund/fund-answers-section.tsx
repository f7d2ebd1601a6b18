import type { EmergencyFund } from '@helo/contract/emergency-fund';
import { useEffect, useRef, useState } from 'react';
import { Form, FormActions } from '../../components/layout/form.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { Panel } from '../../components/layout/panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import { formatDollars } from '../../lib/display-format.ts';
import { failureText } from '../../lib/failure-text.ts';
import { useApiForm } from '../../lib/forms.ts';
import { showToast, TOAST_MS, toastSuccess } from '../../lib/toast.ts';
import { answersOf, fundAnswersForm, fundBodyOf } from './fund-answers.ts';
import { FundAnswersFields } from './fund-answers-fields.tsx';
import styles from './fund-answers-section.module.css';
import { useUpdateFund } from './use-emergency-fund.ts';
import { useFocusOnMount } from './use-focus-on-mount.ts';

const savingAnswer = (value: boolean | null) => (value === null ? 'Not answered' : value ? 'Yes' : 'No');

/**
 * The setup answers, and their edit: the same fields and rules as the setup (PUT). The edit opens in
 * place; Save and Cancel bring the focus back to Edit answers.
 */
export function FundAnswersSection({ fund }: { fund: EmergencyFund }) {
  const [editing, setEditing] = useState(false);
  const [returnFocus, setReturnFocus] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  useFocusOnMount(editButton, !editing && returnFocus);

  const close = () => {
    setEditing(false);
    setReturnFocus(true);
  };

  return (
    <Panel title="Your answers" className={styles.panel}>
      {editing ? (
        <EditAnswers fund={fund} onDone={close} />
      ) : (
        <>
          <dl className={styles.answers}>
            <div>
              <dt>Saving for emergencies already</dt>
              <dd>{savingAnswer(fund.is_saving)}</dd>
            </div>
            <div>
              <dt>Monthly income</dt>
              <dd>{formatDollars(fund.monthly_income)}</dd>
            </div>
            <div>
              <dt>Monthly saving</dt>
              <dd>{formatDollars(fund.monthly_saving)}</dd>
            </div>
            <div>
              <dt>Monthly saving you want</dt>
              <dd>{formatDollars(fund.monthly_saving_want)}</dd>
            </div>
          </dl>
          <div>
            <Button ref={editButton} variant="secondary" onClick={() => setEditing(true)}>
              Edit answers
            </Button>
          </div>
        </>
      )}
    </Panel>
  );
}

function EditAnswers({ fund, onDone }: { fund: EmergencyFund; onDone: () => void }) {
  const update = useUpdateFund();
  const { formError, onSubmit, ...form } = useApiForm(
    fundAnswersForm,
    async (answers) => {
      try {
        const result = await update.mutateAsync(fundBodyOf(answers));
        toastSuccess(result.message, 'Emergency fund updated', TOAST_MS.long);
      } catch (error) {
        showToast('error', failureText(error, 'Something went wrong'), TOAST_MS.long);
        throw error;
      }
      onDone();
    },
    { defaultValues: answersOf(fund) },
  );
  // The edit starts at its first question.
  const { setFocus } = form;
  useEffect(() => setFocus('is_saving'), [setFocus]);

  return (
    <Form aria-label="Edit your answers" onSubmit={onSubmit} roomy>
      <FundAnswersFields form={form} balance={fund.saved_amount} />
      <FormAlert>{formError}</FormAlert>
      <FormActions>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={form.formState.isSubmitting}>
          Save answers
        </Button>
      </FormActions>
    </Form>
  );
}
