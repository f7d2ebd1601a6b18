import type { Investment } from '@helo/contract/investments';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { SetupCard, SetupHeading } from '../../components/layout/setup-card.tsx';
import { useSession } from '../../lib/auth.ts';
import { AddAccountForm } from './add-account-form.tsx';
import { SetupForm } from './setup-form.tsx';
import { WithInvestment } from './with-investment.tsx';

const ROUTE = '/my-retirement';
const TITLE_ID = 'retirement-setup-title';

/**
 * /my-retirement: the retirement plan's first-time setup in the shared layout (birth year and
 * retirement age, then the accounts). Saving needs an account, so a signed-out visitor logs in
 * first and comes back. Someone who already has a plan is not sent away: as the goals' setup does
 * for a new goal, it adds an account to their plan ('Add an account' on My Investments leads here).
 */
export function MyRetirementPage() {
  const session = useSession();
  if (!session) return <Navigate to={`/login?next=${encodeURIComponent(ROUTE)}`} replace />;
  return (
    <SetupCard labelledBy={TITLE_ID} wide>
      <WithInvestment>{(investment) => <SetupOrAdd saved={investment} />}</WithInvestment>
    </SetupCard>
  );
}

/** Decided once, on arrival: the plan this page itself saves must not turn it into the other form. */
function SetupOrAdd({ saved }: { saved: Investment | null }) {
  const [existing] = useState(saved);
  if (existing) {
    return (
      <>
        <SetupHeading
          id={TITLE_ID}
          title="Add an account"
          lead="Add another 401(k), IRA or other account to your retirement plan. Your birth year and retirement age are changed on My Investments."
        />
        <AddAccountForm />
      </>
    );
  }
  return (
    <>
      <SetupHeading
        id={TITLE_ID}
        title="Plan your retirement"
        lead="Tell us when you want to retire and what you have saved, and we project what your accounts could grow to and the monthly income they could pay."
      />
      <SetupForm />
    </>
  );
}
