import type { Home } from '@helo/contract/home';
import { shortMonthLabel } from '@helo/finance/calendar';
import { ProgressToTarget } from '../../components/ui/progress-to-target.tsx';
import { formatDay, formatDollars } from '../../lib/display-format.ts';
import { debtCaption } from '../loans/index.ts';
import { CardFigure, CardFigures, HeadlineFigure, HomeCard, Invitation } from './home-card.tsx';

/*
 * One card per area (decisions.md "Vault, tools waitlist and Home"). An area that is null in the
 * answer has no figures at all, not zeros: its card says in one line what the area does and links
 * to its setup, so a new user sees nothing made up.
 */

export function NetWorthCard({ netWorth, className }: { netWorth: Home['net_worth']; className?: string }) {
  if (!netWorth) {
    return (
      <HomeCard title="Net worth" className={className}>
        <Invitation>
          Your net worth appears here once you add savings, investments or loans: what you own minus what you owe.
        </Invitation>
        {/* What it will be made of, so the card says what to set up; no figure until there is one. */}
        <CardFigures>
          {['Investments', 'Emergency fund', 'Lifestyle goals', 'Nest and Wallet', 'Debts'].map((part) => (
            <CardFigure key={part} label={part} value="Not set up yet" tone="muted" />
          ))}
        </CardFigures>
      </HomeCard>
    );
  }
  return (
    <HomeCard title="Net worth" className={className}>
      <HeadlineFigure
        label="What you own minus what you owe"
        value={formatDollars(netWorth.total)}
        note="From the figures you keep in Helo, not your bank's."
      />
      <CardFigures>
        <CardFigure label="Investments" value={formatDollars(netWorth.investments)} />
        <CardFigure label="Emergency fund" value={formatDollars(netWorth.emergency_fund)} />
        <CardFigure label="Lifestyle goals" value={formatDollars(netWorth.goals)} />
        <CardFigure label="Nest and Wallet" value={formatDollars(netWorth.nest_and_wallet)} />
        <CardFigure label="Minus debts" value={formatDollars(-netWorth.debts)} tone="negative" />
      </CardFigures>
    </HomeCard>
  );
}

export function LoansCard({ debts }: { debts: Home['debts'] }) {
  if (!debts) {
    return (
      <HomeCard title="Loans" link={{ to: '/loan-payments', label: 'Add your loans' }}>
        <Invitation>Add your loans to see what you owe and the quickest way to pay it off.</Invitation>
      </HomeCard>
    );
  }
  const next = debts.next_payment;
  return (
    <HomeCard title="Loans" link={{ to: '/dashboard/my-loans', label: 'Open My Loans' }}>
      <HeadlineFigure
        label="Total debt"
        value={formatDollars(debts.total_balance)}
        note={debts.count === 1 ? '1 loan' : `${debts.count} loans`}
      />
      <CardFigures>
        <CardFigure label="Monthly payments" value={formatDollars(debts.monthly_payments)} />
        <CardFigure
          label="Next payment"
          value={
            next
              ? `${formatDollars(next.amount)} on ${formatDay(next.date)}, ${debtCaption(next.debt_name)}`
              : 'None due'
          }
        />
      </CardFigures>
    </HomeCard>
  );
}

export function EmergencyFundCard({ fund }: { fund: Home['emergency_fund'] }) {
  if (!fund) {
    return (
      <HomeCard title="Emergency fund" link={{ to: '/emergency-funds', label: 'Set up your emergency fund' }}>
        <Invitation>Build a cushion of three to six months of expenses for the unexpected.</Invitation>
      </HomeCard>
    );
  }
  return (
    <HomeCard
      title="Emergency fund"
      link={{ to: '/dashboard/my-emergency-fund-details', label: 'Open My Emergency Fund' }}
    >
      <HeadlineFigure label="Saved" value={formatDollars(fund.saved)} />
      <ProgressToTarget
        label="Progress to your 3-month target"
        percent={fund.progress_percent}
        saved={fund.saved}
        target={fund.target_low}
      />
      <CardFigures>
        <CardFigure label="6-month target" value={formatDollars(fund.target_high)} />
      </CardFigures>
    </HomeCard>
  );
}

export function GoalsCard({ goals }: { goals: Home['goals'] }) {
  if (!goals) {
    return (
      <HomeCard title="Lifestyle goals" link={{ to: '/lifestyle-savings-goals', label: 'Set a lifestyle goal' }}>
        <Invitation>Save for a trip, a home or a car, with a plan for each month.</Invitation>
      </HomeCard>
    );
  }
  const count = goals.count === 1 ? '1 goal' : `${goals.count} goals`;
  return (
    <HomeCard
      title="Lifestyle goals"
      link={{ to: '/dashboard/my-lifestyle-savings', label: 'Open My Lifestyle Savings' }}
    >
      <HeadlineFigure label={`Saved across ${count}`} value={formatDollars(goals.saved)} />
      <ProgressToTarget
        label="Progress to your targets"
        percent={goals.progress_percent}
        saved={goals.saved}
        target={goals.target}
      />
      <p>{goals.behind_count === 0 ? 'Every goal is on track.' : `${goals.behind_count} of ${count} behind plan.`}</p>
    </HomeCard>
  );
}

export function BudgetCard({ budget }: { budget: Home['budget'] }) {
  if (!budget) {
    return (
      <HomeCard title="This month's budget" link={{ to: '/my-budget', label: 'Plan your budget' }}>
        <Invitation>Plan where this month's income goes, category by category.</Invitation>
      </HomeCard>
    );
  }
  const over = budget.left !== null && budget.left < 0;
  return (
    <HomeCard title="This month's budget" link={{ to: '/dashboard/my-budget', label: 'Open My Budget' }}>
      <HeadlineFigure
        label={`Planned for ${shortMonthLabel(budget.month)}`}
        value={formatDollars(budget.planned)}
        note={`Of ${formatDollars(budget.net_income)} net income`}
      />
      {budget.spent !== null && budget.left !== null ? (
        <CardFigures>
          <CardFigure label="Spent" value={formatDollars(budget.spent)} />
          <CardFigure
            label={over ? 'Over budget by' : 'Left'}
            value={formatDollars(Math.abs(budget.left))}
            tone={over ? 'negative' : undefined}
          />
        </CardFigures>
      ) : (
        <p>Your spending is counted from My Wallet once the Nest Account is active.</p>
      )}
    </HomeCard>
  );
}

export function InvestmentsCard({ investments }: { investments: Home['investments'] }) {
  if (!investments) {
    return (
      <HomeCard title="Investments" link={{ to: '/my-retirement', label: 'Plan your retirement' }}>
        <Invitation>Add your retirement accounts to see what they could pay you each month.</Invitation>
      </HomeCard>
    );
  }
  const accounts = investments.account_count === 1 ? '1 account' : `${investments.account_count} accounts`;
  return (
    <HomeCard title="Investments" link={{ to: '/dashboard/my-investments', label: 'Open My Investments' }}>
      <HeadlineFigure label="Total balance" value={formatDollars(investments.total_balance)} note={accounts} />
      <CardFigures>
        <CardFigure
          label={`Monthly income at ${investments.retirement_age}`}
          value={formatDollars(investments.monthly_retirement_income)}
        />
      </CardFigures>
      <p>In today's money. Projected estimate, not financial advice.</p>
    </HomeCard>
  );
}

/** The Nest and the Wallet are activated together: two cards when active, one invitation before. */
export function NestAndWalletCards({ nest, wallet }: { nest: Home['nest']; wallet: Home['wallet'] }) {
  if (!nest || !wallet) {
    return (
      <HomeCard
        title="Nest Account and My Wallet"
        link={{ to: '/dashboard/helo-money-pool', label: 'Activate the Nest Account' }}
      >
        <Invitation>Split your income into buckets by your own rules, and track your spending in My Wallet.</Invitation>
      </HomeCard>
    );
  }
  return (
    <>
      <HomeCard title="Nest Account" link={{ to: '/dashboard/helo-money-pool', label: 'Open the Nest Account' }}>
        <HeadlineFigure label="Set aside for loan payments" value={formatDollars(nest.loan_payments)} />
        <CardFigures>
          <CardFigure label="Income this month" value={formatDollars(nest.income_this_month)} />
        </CardFigures>
      </HomeCard>
      <HomeCard title="My Wallet" link={{ to: '/dashboard/my-wallet', label: 'Open My Wallet' }}>
        <HeadlineFigure label="Balance" value={formatDollars(wallet.balance)} />
        <CardFigures>
          <CardFigure label="Spent this month" value={formatDollars(wallet.spent_this_month)} />
        </CardFigures>
      </HomeCard>
    </>
  );
}

export function VaultCard({ vault }: { vault: Home['vault'] }) {
  if (!vault.active) {
    return (
      <HomeCard title="Vault" link={{ to: '/dashboard/helo-vault', label: 'Activate the Vault' }}>
        <Invitation>Keep your financial documents in one place, encrypted.</Invitation>
      </HomeCard>
    );
  }
  return (
    <HomeCard title="Vault" link={{ to: '/dashboard/helo-vault', label: 'Open the Vault' }}>
      <HeadlineFigure
        label="Documents"
        value={String(vault.file_count)}
        note="Encrypted, and downloaded only by you."
      />
    </HomeCard>
  );
}

export function ComingSoonCard() {
  return (
    <HomeCard title="Coming soon" link={{ to: '/dashboard/tools', label: 'See upcoming tools' }}>
      <Invitation>New tools are on the way. Join a waitlist and we will tell you when one is ready.</Invitation>
    </HomeCard>
  );
}
