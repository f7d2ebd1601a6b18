import type { Forecast } from '@helo/contract/forecast';
import { dollarsToCents } from '@helo/finance/cents';
import { lazy, useId, useState } from 'react';
import { z } from 'zod';
import { DashboardPage } from '../../components/layout/dashboard-page.tsx';
import { Form, FormActions } from '../../components/layout/form.tsx';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { Notice } from '../../components/layout/notice.tsx';
import { Panel } from '../../components/layout/panel.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { CurrencyField } from '../../components/ui/currency-field.tsx';
import { amountOf, amountText } from '../../components/ui/currency-rules.ts';
import { FiguresTable } from '../../components/ui/figures-table.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { WhenVisible } from '../../components/ui/when-visible.tsx';
import { formatDay, formatDollars } from '../../lib/display-format.ts';
import { failureText } from '../../lib/failure-text.ts';
import { useApiForm } from '../../lib/forms.ts';
import { showToast } from '../../lib/toast.ts';
import { WithNest } from '../nest/index.ts';
import styles from './forecast-page.module.css';
import { chartSummary, lowestLine } from './forecast-text.ts';
import { useForecast, useForecastSettings, useSaveForecastSettings } from './use-forecast.ts';

// recharts is heavy: loaded only on this page, when the chart comes near the screen.
const ForecastChart = lazy(async () => ({ default: (await import('./forecast-chart.tsx')).ForecastChart }));

/**
 * /dashboard/my-wallet/forecast: each account's and the total's balance for the next 90 days, as a
 * chart (the total; each account on demand) and the same figures as a table, the lowest balance
 * before the next payday, the days an account is forecast below its floor, and the floor itself.
 */
export function ForecastPage() {
  return <WithNest title="Forecast">{() => <ForecastView />}</WithNest>;
}

function ForecastView() {
  const forecast = useForecast(90);
  const f = forecast.data;
  return (
    <DashboardPage
      title="Forecast"
      action={
        <ButtonLink to="/dashboard/my-wallet" variant="secondary">
          My Wallet
        </ButtonLink>
      }
    >
      <MutedText>
        Your balances ahead, from your recurring bills and income, the Money Nest's rules, your loan payments and what
        is left of this month's budget spread over its remaining days.
      </MutedText>
      {f === undefined ? (
        forecast.isError ? (
          <Notice tone="error" role="alert">
            We could not load your forecast. Please reload the page.
          </Notice>
        ) : (
          <Spinner label="Loading your forecast" />
        )
      ) : (
        <>
          <p className={styles.lowest}>{lowestLine(f)}</p>
          <Dips forecast={f} />
          <BalanceChart forecast={f} />
        </>
      )}
      <FloorForm />
    </DashboardPage>
  );
}

function Dips({ forecast }: { forecast: Forecast }) {
  const dipping = forecast.accounts.filter((a) => a.first_dip !== null);
  if (dipping.length === 0) return null;
  return (
    <Notice tone="error">
      {dipping
        .map(
          (a) =>
            `${a.name} is forecast below ${a.floor ? formatDollars(a.floor) : '$0'} on ${formatDay(a.first_dip?.date ?? '')} (${formatDollars(a.first_dip?.amount ?? 0)}).`,
        )
        .join(' ')}
    </Notice>
  );
}

function BalanceChart({ forecast }: { forecast: Forecast }) {
  const [each, setEach] = useState(false);
  const summaryId = useId();
  const accounts = forecast.accounts;
  return (
    <Panel title="The next 90 days">
      <Checkbox label="Show each account" checked={each} onChange={(e) => setEach(e.currentTarget.checked)} />
      <p id={summaryId} className={styles.summary}>
        {chartSummary(forecast)}
      </p>
      <WhenVisible className={styles.chart}>
        <ForecastChart forecast={forecast} each={each} describedBy={summaryId} />
      </WhenVisible>
      <FiguresTable
        summary={`Balances by day (${forecast.days.length} days)`}
        label="Forecast balances by day"
        columns={
          <>
            <th scope="col">Date</th>
            <th scope="col">Total</th>
            {accounts.map((a) => (
              <th key={a.id} scope="col">
                {a.name}
              </th>
            ))}
            <th scope="col">Expected</th>
          </>
        }
        rows={() =>
          forecast.days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{formatDay(d.date)}</th>
              <td>{formatDollars(d.total)}</td>
              {accounts.map((a) => (
                <td key={a.id}>{formatDollars(d.balances[a.id] ?? 0)}</td>
              ))}
              <td className={styles.events}>
                {d.events.map((e) => `${e.label} ${formatDollars(e.amount)}`).join(', ') || '–'}
              </td>
            </tr>
          ))
        }
      />
    </Panel>
  );
}

const floorForm = z.object({ floor: amountText });

function FloorForm() {
  const settings = useForecastSettings();
  if (settings.data === undefined) return null;
  return <FloorFields floor={settings.data.floor} accountFloors={settings.data.account_floors} />;
}

function FloorFields({
  floor,
  accountFloors,
}: {
  floor: number;
  accountFloors: { account_id: string; floor: number }[];
}) {
  const save = useSaveForecastSettings();
  const form = useApiForm(
    floorForm,
    async (values) => {
      const body = { floor: amountOf(values.floor) ?? 0, account_floors: accountFloors };
      try {
        await save.mutateAsync(body);
        showToast('success', `Floor saved: we tell you when an account is forecast below ${formatDollars(body.floor)}`);
      } catch (error) {
        showToast('error', failureText(error, 'Something went wrong'));
        throw error;
      }
    },
    { defaultValues: { floor: dollarsToCents(floor) === 0 ? '0.00' : floor.toFixed(2) } },
  );
  const {
    control,
    formState: { errors, isSubmitting },
  } = form;
  return (
    <Panel title="Alert floor">
      <MutedText>
        When an account is forecast below this amount (or below $0) on any day of the next 45, you get a notification,
        and an email if payment reminders are on. Once per dip.
      </MutedText>
      <Form onSubmit={form.onSubmit} className={styles.floorForm}>
        <CurrencyField control={control} name="floor" label="Alert me below" error={errors.floor?.message} />
        {form.formError && (
          <Notice tone="error" role="alert">
            {form.formError}
          </Notice>
        )}
        <FormActions>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? <Spinner size="sm" label="Saving" /> : 'Save floor'}
          </Button>
        </FormActions>
      </Form>
    </Panel>
  );
}
