import type { BudgetPeriod, BudgetSettings, PeriodCategory } from '@helo/contract/budgets';
import { dayLabel } from '@helo/finance/calendar';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { Notice } from '../../components/layout/notice.tsx';
import { Panel } from '../../components/layout/panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useApiAction } from '../../lib/api-action.ts';
import { browserDay } from '../../lib/calendar.ts';
import { money } from './budget-format.ts';
import styles from './pay-period.module.css';
import { useBudgetPeriod, useSaveBudgetSettings } from './use-budget-periods.ts';

const periodLabel = (p: { start: string; end: string }) => `${dayLabel(p.start)} – ${dayLabel(p.end)}`;

/**
 * The pay period holding the day in the address (`?day=`, today without one): its dates, Previous
 * and Next, and each category's planned share, what rolled over, spent and left, with its rollover
 * switch. A category's rollover is saved on the spot.
 */
export function PayPeriodView({ settings }: { settings: BudgetSettings }) {
  const [params, setParams] = useSearchParams();
  const day = params.get('day') ?? browserDay();
  const period = useBudgetPeriod(day, true);
  const go = (start: string) =>
    setParams(
      (p) => {
        p.set('day', start);
        return p;
      },
      { replace: true },
    );

  const data = period.data;
  return (
    <Panel title="This pay period">
      {period.isError && (
        <Notice tone="error" role="alert">
          We could not load this pay period. Please reload the page.
        </Notice>
      )}
      {!data && !period.isError && <Spinner label="Loading the pay period" />}
      {data && (
        <>
          <nav className={styles.nav} aria-label="Pay periods">
            <Button variant="secondary" onClick={() => go(data.previous_start)}>
              <span aria-hidden="true">←</span> Previous
            </Button>
            <p className={styles.dates} aria-live="polite">
              <strong>{periodLabel(data)}</strong>
            </p>
            <Button variant="secondary" onClick={() => go(data.next_start)}>
              Next <span aria-hidden="true">→</span>
            </Button>
          </nav>
          <MutedText small>
            {data.budget_month
              ? `Planned from the budget of ${monthName(data.budget_month)}: this paycheck's share of each category.`
              : 'No budget plans this period yet: build one for its month to plan it.'}
          </MutedText>
          <PeriodTable period={data} settings={settings} />
        </>
      )}
    </Panel>
  );
}

const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

function PeriodTable({ period, settings }: { period: BudgetPeriod; settings: BudgetSettings }) {
  const save = useSaveBudgetSettings();
  const toggle = useApiAction(async (category: PeriodCategory, on: boolean) => {
    const others = settings.rollover_categories.filter((n) => n.toLowerCase() !== category.name.toLowerCase());
    return save.mutateAsync({
      period: settings.period,
      cadence: settings.cadence,
      rollover_categories: on ? [...others, category.name] : others,
      version: settings.version,
    });
  });
  const { totals } = period;
  return (
    <ul className={styles.rows} aria-label={`Categories, ${periodLabel(period)}`}>
      {period.categories.map((c) => (
        <li key={c.name} className={styles.row}>
          <div className={styles.name}>
            <strong>{c.name}</strong>
            <RolloverSwitch
              name={c.name}
              on={settings.rollover_categories.some((n) => n.toLowerCase() === c.name.toLowerCase())}
              busy={toggle.busy}
              onChange={(on) => toggle.run(c, on)}
            />
          </div>
          <dl className={styles.figures}>
            <Figure term="Planned" value={c.planned} />
            <Figure term="Rolled over" value={c.rolled_over} />
            <Figure term="Spent" value={c.spent} />
            <Figure term="Left" value={c.left} tone={c.left < 0 ? 'over' : undefined} />
          </dl>
        </li>
      ))}
      <li className={`${styles.row} ${styles.total}`}>
        <div className={styles.name}>
          <strong>Total</strong>
        </div>
        <dl className={styles.figures}>
          <Figure term="Planned" value={totals.planned} />
          <Figure term="Rolled over" value={totals.rolled_over} />
          <Figure term="Spent" value={totals.spent} />
          <Figure term="Left" value={totals.left} tone={totals.left < 0 ? 'over' : undefined} />
        </dl>
      </li>
    </ul>
  );
}

function Figure({ term, value, tone }: { term: string; value: number; tone?: 'over' | undefined }) {
  return (
    <div className={styles.figure}>
      <dt>{term}</dt>
      <dd className={tone === 'over' ? styles.over : undefined}>
        {value < 0 ? `−${money(-value)}` : money(value)}
        {tone === 'over' && <span className="visually-hidden"> (overspent)</span>}
      </dd>
    </div>
  );
}

/**
 * A category's rollover, saved on the spot. It shows the choice at once (the settings answer follows),
 * and falls back to the saved one when the save fails (its toast says why).
 */
function RolloverSwitch({
  name,
  on,
  busy,
  onChange,
}: {
  name: string;
  on: boolean;
  busy: boolean;
  onChange: (on: boolean) => Promise<boolean>;
}) {
  const [chosen, setChosen] = useState<boolean | null>(null);
  return (
    <label className={styles.switch}>
      <input
        type="checkbox"
        checked={chosen ?? on}
        disabled={busy}
        onChange={async (e) => {
          setChosen(e.target.checked);
          await onChange(e.target.checked);
          setChosen(null);
        }}
      />
      <span>
        Roll over<span className="visually-hidden"> {name}</span>
      </span>
    </label>
  );
}
