import type { UserDebt } from '@helo/contract/user-debts';
import { centsToDollars, dollarsToCents } from '@helo/finance/cents';
import { formatCents } from '@helo/finance/format';
import { type PayoffPlan, type PayoffStrategy, type PlanDebt, payoffPlan } from '@helo/finance/payoff-plan';
import { lazy, useMemo, useState } from 'react';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { Panel } from '../../components/layout/panel.tsx';
import { StaleAlert } from '../../components/layout/stale-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { CurrencyInput } from '../../components/ui/currency-input.tsx';
import { WhenVisible } from '../../components/ui/when-visible.tsx';
import { browserDay } from '../../lib/calendar.ts';
import { TOAST_MS, toastError, toastSuccess } from '../../lib/toast.ts';
import { CustomOrder } from './custom-order.tsx';
import { rowsFromUserDebts, toSaveBody } from './debt-rows.ts';
import { loanNames } from './debt-types.ts';
import { extraCents as readExtra } from './extra-amount.ts';
import { planMonthLabel, planStartMonth } from './loan-format.ts';
import styles from './payoff-plans.module.css';
import { PayoffSchedule } from './payoff-schedule.tsx';
import { PayoffWarning } from './payoff-warning.tsx';
import { isStaleSave, useReloadUserDebts, useSaveUserDebts } from './use-debts.ts';
import { type KeepStatus, useKeptExtra } from './use-loan-plan.ts';

// recharts (~60 KB gzipped) loads when the chart scrolls into view, papaparse when a CSV is asked for.
const PayoffChart = lazy(async () => ({ default: (await import('./payoff-chart.tsx')).PayoffChart }));
async function downloadPlan(plan: PayoffPlan, names: readonly string[], start: string, strategy: PayoffStrategy) {
  const { downloadCsv, planCsv } = await import('./plan-csv.ts');
  downloadCsv(planCsv(plan, names, start), `helo-payoff-plan-${strategy}.csv`);
}

const STRATEGIES: { value: PayoffStrategy; title: string; about: string }[] = [
  { value: 'avalanche', title: 'Highest rate first', about: 'Avalanche: the least interest overall.' },
  { value: 'snowball', title: 'Smallest balance first', about: 'Snowball: the first loan gone soonest.' },
  { value: 'custom', title: 'Your order', about: 'The order you choose (at first, the order of your list).' },
];

function PlanFigures({ plan, baseline, start }: { plan: PayoffPlan; baseline: PayoffPlan; start: string }) {
  if (!plan.debtFree) return <PayoffWarning>Not paid off within 50 years at these payments.</PayoffWarning>;
  const saved = baseline.debtFree ? baseline.totalInterestCents - plan.totalInterestCents : null;
  return (
    <dl className={styles.figures}>
      <div>
        <dt>Debt-free by</dt>
        <dd>{planMonthLabel(start, plan.months)}</dd>
      </div>
      <div>
        <dt>Total interest</dt>
        <dd>{formatCents(plan.totalInterestCents)}</dd>
      </div>
      <div>
        <dt>Interest saved</dt>
        <dd>{saved === null ? 'Minimums alone never finish' : formatCents(Math.max(0, saved))}</dd>
      </div>
    </dl>
  );
}

function payoffText(month: number | null, start: string) {
  if (month === null) return 'Not within 50 years';
  return month === 0 ? 'Already paid off' : `Paid off ${planMonthLabel(start, month)}`;
}

const KEEP_TEXT: Record<KeepStatus, string> = {
  idle: '',
  saving: 'Saving…',
  saved: 'Saved for your next visit.',
  failed: 'Not saved: we will try again when you change it.',
};

/**
 * Payoff plans (beyond the spec): the three orders of paying off several loans, with an optional
 * extra amount a month and every freed-up minimum rolling on to the next loan, set against paying
 * only the minimums. The extra amount is kept for the user (`savedExtraCents` is what was kept).
 */
export function PayoffPlans({ debts, savedExtraCents }: { debts: readonly UserDebt[]; savedExtraCents: number }) {
  const [extra, setExtra] = useState(() => String(centsToDollars(savedExtraCents)));
  const [strategy, setStrategy] = useState<PayoffStrategy>('avalanche');
  // The parent remounts this panel when the list changes, so these ids are always the list's.
  const [order, setOrder] = useState(() => debts.map((d) => d.id));
  const save = useSaveUserDebts();
  const reloadList = useReloadUserDebts();
  // The server's message when saving the order was refused because the loans changed elsewhere.
  const [stale, setStale] = useState<string | null>(null);
  const names = useMemo(() => loanNames(debts), [debts]);
  const nameById = useMemo(() => new Map(debts.map((d, i) => [d.id, names[i] ?? ''])), [debts, names]);
  const orderChanged = order.some((id, i) => id !== debts[i]?.id);
  const saveOrder = async () => {
    const byId = new Map(debts.map((d) => [d.id, d]));
    const reordered = order.flatMap((id) => byId.get(id) ?? []);
    try {
      const result = await save.mutateAsync(toSaveBody(rowsFromUserDebts(reordered), debts));
      toastSuccess(result.message, 'Your debts are saved', TOAST_MS.short);
    } catch (error) {
      if (isStaleSave(error)) setStale(error.message);
      toastError(error, TOAST_MS.long);
    }
  };
  const reload = async () => {
    try {
      await reloadList();
      setStale(null);
    } catch (error) {
      toastError(error, TOAST_MS.long);
    }
  };
  const start = useMemo(
    () =>
      planStartMonth(
        debts.map((d) => d.due_date),
        browserDay(),
      ),
    [debts],
  );
  const planDebts: PlanDebt[] = useMemo(
    () =>
      debts.map((d) => ({
        id: d.id,
        balanceCents: dollarsToCents(d.outstanding_balance),
        annualRatePercent: d.interest_rate,
        minimumPaymentCents: dollarsToCents(d.monthly_payment_amount),
      })),
    [debts],
  );
  const { cents: extraCents, error: extraError } = readExtra(extra);
  const keep = useKeptExtra(savedExtraCents, extraError ? null : extraCents);
  const plans = useMemo(() => {
    const base = { debts: planDebts, extraMonthlyCents: extraCents };
    return {
      avalanche: payoffPlan({ ...base, strategy: 'avalanche' }),
      snowball: payoffPlan({ ...base, strategy: 'snowball' }),
      custom: payoffPlan({ ...base, strategy: 'custom', customOrder: order }),
    };
  }, [planDebts, extraCents, order]);
  const baseline = useMemo(
    () => payoffPlan({ debts: planDebts, strategy: 'custom', rollover: false, extraMonthlyCents: 0 }),
    [planDebts],
  );
  const chosen = plans[strategy];

  return (
    <Panel title="Payoff plans">
      <MutedText>
        Pay every minimum, put anything extra on one loan at a time, and when a loan is paid off move its payment to the
        next. The order decides how soon and how cheaply you are debt-free.
      </MutedText>
      <div className={styles.controls}>
        <div>
          <CurrencyInput
            label="Extra each month"
            hint="On top of your minimum payments"
            value={extra}
            onChange={setExtra}
            onBlur={() => void keep.flush()}
            error={extraError}
          />
          <p className={styles.kept} role="status">
            {KEEP_TEXT[keep.status]}
          </p>
        </div>
        <p className={styles.baseline}>
          Minimum payments only:{' '}
          {baseline.debtFree ? (
            <>
              debt-free by <strong>{planMonthLabel(start, baseline.months)}</strong>, with{' '}
              <strong>{formatCents(baseline.totalInterestCents)}</strong> of interest.
            </>
          ) : (
            <strong>not paid off within 50 years.</strong>
          )}
        </p>
      </div>
      <fieldset className={styles.strategies}>
        <legend className="visually-hidden">Payoff order</legend>
        {STRATEGIES.map((s) => (
          <div key={s.value} className={styles.strategy} data-checked={strategy === s.value}>
            {/* The label stretches over the card (CSS), so a click anywhere on it picks the plan. */}
            <label className={styles.strategyHead}>
              <input
                type="radio"
                name="payoff-strategy"
                value={s.value}
                checked={strategy === s.value}
                onChange={() => setStrategy(s.value)}
                aria-describedby={`plan-${s.value}-figures`}
              />
              <span className={styles.strategyTitle}>{s.title}</span>
            </label>
            <div id={`plan-${s.value}-figures`} className={styles.strategyBody}>
              <MutedText small>{s.about}</MutedText>
              <PlanFigures plan={plans[s.value]} baseline={baseline} start={start} />
            </div>
          </div>
        ))}
      </fieldset>
      {strategy === 'custom' && (
        <CustomOrder
          names={nameById}
          order={order}
          onChange={setOrder}
          onSave={saveOrder}
          saving={save.isPending}
          changed={orderChanged}
        />
      )}
      {stale && <StaleAlert message={stale} onReload={reload} />}
      <div className={styles.detail}>
        <h3 className={styles.detailTitle}>
          {STRATEGIES.find((s) => s.value === strategy)?.title}: balances over time
        </h3>
        <WhenVisible className={styles.chart}>
          <PayoffChart plan={chosen} names={names} startBalances={planDebts.map((d) => d.balanceCents)} start={start} />
        </WhenVisible>
        <ul className={styles.payoffDates}>
          {chosen.debts.map((d, i) => (
            <li key={d.id}>
              <span>{names[i]}</span>
              <strong>{payoffText(d.payoffMonth, start)}</strong>
            </li>
          ))}
        </ul>
      </div>
      <div className={styles.exportRow}>
        <PayoffSchedule plan={chosen} names={names} start={start} />
        <Button variant="secondary" onClick={() => void downloadPlan(chosen, names, start, strategy)}>
          Download CSV
        </Button>
      </div>
      <MutedText small>
        Projected estimate, not financial advice. Interest is worked out monthly at today's rates.
      </MutedText>
    </Panel>
  );
}
