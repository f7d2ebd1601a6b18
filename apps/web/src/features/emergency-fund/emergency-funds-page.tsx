import type { EmergencyFund } from '@helo/contract/emergency-fund';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useSession } from '../../lib/auth.ts';
import { failureText } from '../../lib/failure-text.ts';
import { useApiForm } from '../../lib/forms.ts';
import { showToast, TOAST_MS, toastSuccess } from '../../lib/toast.ts';
import { useSetupIncome } from '../onboarding/index.ts';
import styles from './emergency-funds-page.module.css';
import { BLANK_ANSWERS, fundAnswersForm, fundBodyOf } from './fund-answers.ts';
import { SetupInformation } from './setup-information.tsx';
import { SetupResults } from './setup-results.tsx';
import { SetupWelcome } from './setup-welcome.tsx';
import { FUND_KEY, useCreateFund } from './use-emergency-fund.ts';
import { WithFund } from './with-fund.tsx';

const ROUTE = '/emergency-funds';
export const DETAILS_PATH = '/dashboard/my-emergency-fund-details';
/** Spec §8 and §9: the toasts of the save, and the wait before the details page. */
export const CREATED = 'Emergency Fund created successfully';
export const FAILED = 'An error occurred';
export const REDIRECT_MS = 2000;

/**
 * /emergency-funds (spec "Emergency fund onboarding"): the first-time setup in the shared layout.
 * Saving needs an account, so a signed-out visitor logs in first and comes back; someone who already
 * has a fund goes to its details page.
 */
export function EmergencyFundsPage() {
  const session = useSession();
  const [started, setStarted] = useState(false);
  if (!session) return <Navigate to={`/login?next=${encodeURIComponent(ROUTE)}`} replace />;
  return (
    <section className={styles.card} aria-label="Emergency fund setup">
      {started ? (
        <SetupWithIncome />
      ) : (
        // Only before Start Now: the fund this setup creates must not send it away from its own results.
        <WithFund>
          {(fund) =>
            fund ? <Navigate to={DETAILS_PATH} replace /> : <SetupWelcome onStart={() => setStarted(true)} />
          }
        </WithFund>
      )}
    </section>
  );
}

/** The income question starts from the take-home income of the setup after verifying, when given. */
function SetupWithIncome() {
  const { income, settled } = useSetupIncome();
  if (!settled) return <Spinner label="Loading your answers" />;
  return <SetupSteps income={income} />;
}

/** 'Provide information', then 'Results' with the loader while saving (spec §4). */
function SetupSteps({ income }: { income: string }) {
  const [step, setStep] = useState<'info' | 'results'>('info');
  const [created, setCreated] = useState<EmergencyFund | null>(null);
  const create = useCreateFund();
  const client = useQueryClient();
  const navigate = useNavigate();

  const { formError, onSubmit, ...form } = useApiForm(
    fundAnswersForm,
    async (answers) => {
      setStep('results');
      try {
        const result = await create.mutateAsync(fundBodyOf(answers));
        client.setQueryData(FUND_KEY, result.data);
        toastSuccess(result.message, CREATED, TOAST_MS.long);
        setCreated(result.data);
      } catch (error) {
        showToast('error', failureText(error, FAILED), TOAST_MS.long);
        if (error instanceof ApiError && error.status === 409) {
          // Set up meanwhile, in another tab: there is nothing left to create.
          void client.invalidateQueries({ queryKey: FUND_KEY });
          navigate(DETAILS_PATH, { replace: true });
          return;
        }
        setStep('info');
        throw error; // its field errors go to their fields
      }
    },
    { defaultValues: { ...BLANK_ANSWERS, monthly_income: income } },
  );

  useEffect(() => {
    if (!created) return;
    const timer = setTimeout(() => navigate(DETAILS_PATH), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [created, navigate]);

  if (step === 'results') return <SetupResults fund={created} detailsPath={DETAILS_PATH} />;
  return <SetupInformation form={form} formError={formError} onSubmit={onSubmit} />;
}
