import type { Occurrence, RecurringSeries, RecurringSuggestion } from '@helo/contract/recurring';
import { BILLS_DAYS_AHEAD } from '@helo/contract/recurring';
import { addDays, dayParts, longDayLabel } from '@helo/finance/calendar';
import { useRef, useState } from 'react';
import { DashboardPage } from '../../components/layout/dashboard-page.tsx';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { Panel } from '../../components/layout/panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { browserDay } from '../../lib/calendar.ts';
import { formatDay, formatDollars } from '../../lib/display-format.ts';
import { TOAST_MS, toastError, toastSuccess } from '../../lib/toast.ts';
import { AcceptDialog } from './accept-dialog.tsx';
import { byDate, cadenceLabel, KIND_LABELS, monthLabel, monthsOf, monthWeeks } from './bills-calendar.ts';
import styles from './bills-page.module.css';
import { SeriesDialog } from './series-dialog.tsx';
import { useCalendar, useDeleteSeries, useDismissSuggestion, useSeries, useSuggestions } from './use-bills.ts';

const WEEKDAYS = [
  ['Sun', 'Sunday'],
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
] as const;

/** '−$17.99' for money going out, '+$2,100.00' for income. */
const signed = (amount: number) => `${amount < 0 ? '−' : '+'}${formatDollars(Math.abs(amount))}`;

/** What a screen reader hears of a due date: its name, amount and whether it is paid. */
const itemText = (o: Occurrence) => `${o.name} ${signed(o.amount)}${o.paid ? ', paid' : ''}`;

/** /dashboard/bills: the next 60 days of bills and income as a calendar and a list, and the series behind them. */
export function BillsPage() {
  const today = browserDay();
  const to = addDays(today, BILLS_DAYS_AHEAD);
  const [adding, setAdding] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  return (
    <DashboardPage
      title="Bills"
      action={
        <Button ref={addButton} onClick={() => setAdding(true)}>
          Add a recurring series
        </Button>
      }
    >
      <Suggestions />
      <Upcoming from={today} to={to} />
      <SeriesList />
      <SeriesDialog
        series={null}
        open={adding}
        onClose={() => {
          setAdding(false);
          addButton.current?.focus();
        }}
      />
    </DashboardPage>
  );
}

function Suggestions() {
  const suggestions = useSuggestions();
  const dismiss = useDismissSuggestion();
  const [accepting, setAccepting] = useState<RecurringSuggestion | null>(null);
  const list = suggestions.data ?? [];
  if (list.length === 0) return null;
  return (
    <Panel title="Found in your history">
      <MutedText>These come back on a schedule in My Wallet. Add them to see them in your calendar.</MutedText>
      <ul className={styles.cards}>
        {list.map((s) => (
          <li key={s.id} className={styles.card}>
            <div className={styles.cardHead}>
              <h3 className={styles.cardTitle}>{s.name}</h3>
              <span className={styles.amount}>
                {signed(s.kind === 'income' ? s.amount : -s.amount)}
                {s.amount_varies ? ' (about)' : ''}
              </span>
            </div>
            <p className={styles.meta}>
              {KIND_LABELS[s.kind]} · {cadenceLabel(s.cadence)}
              {s.next_date ? ` · next ${formatDay(s.next_date)}` : ''}
            </p>
            <p className={styles.meta}>
              Seen {s.occurrences.length} times, last on {formatDay(s.occurrences.at(-1)?.date ?? '')}
            </p>
            {s.price_change && (
              <p className={styles.change}>
                Price changed from {formatDollars(s.price_change.from)} to {formatDollars(s.price_change.to)} on{' '}
                {formatDay(s.price_change.date)}
              </p>
            )}
            <div className={styles.actions}>
              <Button size="sm" onClick={() => setAccepting(s)} aria-label={`Accept ${s.name}`}>
                Accept
              </Button>
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Dismiss ${s.name}`}
                loading={dismiss.isPending && dismiss.variables === s.id}
                onClick={async () => {
                  try {
                    const result = await dismiss.mutateAsync(s.id);
                    toastSuccess(result.message, 'Suggestion dismissed', TOAST_MS.medium);
                  } catch (e) {
                    toastError(e);
                  }
                }}
              >
                Dismiss
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <AcceptDialog suggestion={accepting} onClose={() => setAccepting(null)} />
    </Panel>
  );
}

function Upcoming({ from, to }: { from: string; to: string }) {
  const calendar = useCalendar(from, to);
  return (
    <Panel title={`The next ${BILLS_DAYS_AHEAD} days`}>
      {calendar.isPending ? (
        <Spinner label="Loading your calendar" />
      ) : calendar.isError ? (
        <p role="alert">{errorMessage(calendar.error)}</p>
      ) : calendar.data.occurrences.length === 0 ? (
        <MutedText>Nothing is due. Add a recurring series, or accept one found in your history.</MutedText>
      ) : (
        <>
          <MonthCalendars from={from} to={to} occurrences={calendar.data.occurrences} />
          <h3 className={styles.subTitle}>As a list</h3>
          <ul className={styles.list} aria-label="Due dates">
            {calendar.data.occurrences.map((o) => (
              <li key={`${o.series_id}-${o.date}`} className={styles.row}>
                <span className={styles.date}>{formatDay(o.date)}</span>
                <span className={styles.name}>{o.name}</span>
                <span className={o.amount < 0 ? styles.out : styles.in}>{signed(o.amount)}</span>
                <span className={o.paid ? styles.paid : styles.due}>{o.paid ? 'Paid' : 'Due'}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Panel>
  );
}

/**
 * One table a month: a row a week, a cell a day. A day with something due is a focusable cell whose
 * name says it all ("December 14, 2026: Netflix −$17.99, paid"), so the keyboard and a screen reader
 * reach each day's items; the list below says the same for those who prefer it.
 */
function MonthCalendars({ from, to, occurrences }: { from: string; to: string; occurrences: Occurrence[] }) {
  const dates = byDate(occurrences);
  return (
    <div className={styles.months}>
      {monthsOf(from, to).map((month) => (
        <table key={month} className={styles.month}>
          <caption className={styles.caption}>{monthLabel(month)}</caption>
          <thead>
            <tr>
              {WEEKDAYS.map(([short, long]) => (
                <th key={short} scope="col" abbr={long}>
                  {short}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {monthWeeks(month).map((week) => (
              <tr key={week.find((d) => d) ?? ''}>
                {WEEKDAYS.map(([short], i) => {
                  const day = week[i];
                  if (!day) return <td key={short} className={styles.empty} />;
                  const items = dates.get(day) ?? [];
                  const outside = day < from || day > to;
                  return (
                    <td
                      key={short}
                      className={`${styles.day} ${outside ? styles.outside : ''} ${items.length > 0 ? styles.busy : ''}`}
                      {...(items.length > 0
                        ? { tabIndex: 0, 'aria-label': `${longDayLabel(day)}: ${items.map(itemText).join('; ')}` }
                        : {})}
                    >
                      <span className={styles.dayNumber} aria-hidden={items.length > 0}>
                        {dayParts(day)[2]}
                      </span>
                      {items.length > 0 && (
                        <ul className={styles.items} aria-hidden="true">
                          {items.map((o) => (
                            <li
                              key={o.series_id}
                              className={o.paid ? styles.itemPaid : o.amount < 0 ? styles.itemOut : styles.itemIn}
                            >
                              <span className={styles.itemName}>{o.name}</span>{' '}
                              <span className={styles.itemAmount}>{signed(o.amount)}</span>
                              {o.paid && <span className={styles.check}> ✓</span>}
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}

function SeriesList() {
  const series = useSeries();
  const remove = useDeleteSeries();
  const [editing, setEditing] = useState<RecurringSeries | null>(null);
  const [deleting, setDeleting] = useState<RecurringSeries | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = series.data ?? [];
  return (
    <Panel title="Your recurring series">
      {series.isPending ? (
        <Spinner label="Loading your series" />
      ) : list.length === 0 ? (
        <MutedText>None yet.</MutedText>
      ) : (
        <ul className={styles.list}>
          {list.map((s) => (
            <li key={s.id} className={styles.seriesRow}>
              <div>
                <p className={styles.name}>{s.name}</p>
                <p className={styles.meta}>
                  {KIND_LABELS[s.kind]} · {cadenceLabel(s.cadence)}
                  {s.next_date ? ` · next ${formatDay(s.next_date)}` : ' · ended'}
                  {s.through_nest ? ' · through the Money Nest' : ''}
                </p>
                {s.price_change && (
                  <p className={styles.change}>
                    Price changed from {formatDollars(s.price_change.from)} to {formatDollars(s.price_change.to)} on{' '}
                    {formatDay(s.price_change.date)}
                  </p>
                )}
              </div>
              <span className={s.kind === 'income' ? styles.in : styles.out}>
                {signed(s.kind === 'income' ? s.amount : -s.amount)}
              </span>
              <div className={styles.actions}>
                <Button size="sm" variant="secondary" aria-label={`Edit ${s.name}`} onClick={() => setEditing(s)}>
                  Edit
                </Button>
                <Button size="sm" variant="ghost" aria-label={`Delete ${s.name}`} onClick={() => setDeleting(s)}>
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <SeriesDialog series={editing} open={editing !== null} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) {
            setDeleting(null);
            setError(null);
          }
        }}
        title={`Delete ${deleting?.name ?? 'this series'}?`}
        description="It leaves your calendar. Its transactions stay in My Wallet."
        error={error}
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            const result = await remove.mutateAsync(deleting.id);
            setDeleting(null);
            toastSuccess(result.message, 'Recurring series deleted', TOAST_MS.medium);
          } catch (e) {
            setError(errorMessage(e));
          }
        }}
      />
    </Panel>
  );
}
