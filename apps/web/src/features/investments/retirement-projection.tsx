import type { Investment } from '@helo/contract/investments';
import { formatCents } from '@helo/finance/format';
import type { Projection } from '@helo/finance/retirement';
import { lazy, useMemo, useRef, useState } from 'react';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { Panel } from '../../components/layout/panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import { FiguresTable } from '../../components/ui/figures-table.tsx';
import { SettledAnnouncement } from '../../components/ui/settled-announcement.tsx';
import { WhenVisible } from '../../components/ui/when-visible.tsx';
import { formatDollars, formatPercent } from '../../lib/display-format.ts';
import { focusAfterClose } from '../../lib/focus-after-close.ts';
import { EditPlanDialog } from './edit-plan-dialog.tsx';
import { yearsText } from './investment-format.ts';
import styles from './retirement-projection.module.css';
import { isChanged, NO_CHANGES, type WhatIfChanges, whatIfProjection, whatIfValues } from './what-if.ts';
import { WhatIfFields } from './what-if-fields.tsx';

// recharts is heavy: loaded only when the chart comes near the screen.
const ProjectionChart = lazy(async () => ({ default: (await import('./projection-chart.tsx')).ProjectionChart }));

/**
 * The plan, where it leads at retirement (in future dollars and in today's money, and the monthly
 * income that could pay), and a "what if" computed in the browser with the server's own function,
 * so the figures follow every keystroke and match what a save would give.
 */
export function RetirementProjection({ investment }: { investment: Investment }) {
  const [changes, setChanges] = useState<WhatIfChanges>(NO_CHANGES);
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const values = useMemo(() => whatIfValues(investment, changes), [investment, changes]);
  const result = useMemo(() => whatIfProjection(investment, values), [investment, values]);
  const changed = isChanged(investment, values);
  const saved = investment.projection.total.at_retirement;
  const years = investment.retirement_age - investment.current_age;

  return (
    <Panel title="Retirement projection">
      <div className={styles.plan}>
        <p className={styles.planText}>
          Born in {investment.birth_year} ({investment.current_age} now), retiring at {investment.retirement_age}{' '}
          {years > 0 ? `(in ${yearsText(years)})` : '(reached: edit your plan to look further)'}, with inflation at{' '}
          {formatPercent(investment.inflation_percent)} a year.
        </p>
        <Button ref={editButton} variant="secondary" size="sm" onClick={() => setEditing(true)}>
          Edit plan
        </Button>
      </div>
      <EditPlanDialog
        investment={investment}
        open={editing}
        onClose={() => {
          setEditing(false);
          focusAfterClose(() => editButton.current);
        }}
      />
      {investment.accounts.length === 0 ? (
        <MutedText>Add an account to see where your savings could lead.</MutedText>
      ) : (
        <>
          <WhatIfFields values={values} errors={result.kind === 'invalid' ? result.errors : {}} onChange={setChanges} />
          <div className={styles.resultHead}>
            <h3 className={styles.resultTitle}>{changed ? 'With your changes' : 'With your plan'}</h3>
            {changed && (
              <Button variant="ghost" size="sm" onClick={() => setChanges(NO_CHANGES)}>
                Reset to my plan
              </Button>
            )}
          </div>
          {result.kind === 'projection' ? (
            <Figures age={result.retirementAge} currentAge={investment.current_age} total={result.projection.total} />
          ) : (
            <p className={styles.problem}>
              {result.kind === 'too-large'
                ? 'These figures grow past what we can count. Try a lower return or an earlier retirement age.'
                : 'Correct the value marked above to see the projection.'}
            </p>
          )}
          {changed && (
            <MutedText small>
              Your saved plan: {formatDollars(saved.nominal)} at {investment.retirement_age},{' '}
              {formatDollars(saved.real)} in today's money, {formatDollars(saved.monthly_income)} a month. Nothing here
              is saved.
            </MutedText>
          )}
          {result.kind === 'projection' && (
            <>
              <WhenVisible className={styles.chart}>
                <ProjectionChart rows={result.projection.total.rows} />
              </WhenVisible>
              <ProjectionTable rows={result.projection.total.rows} />
            </>
          )}
        </>
      )}
      <MutedText small>Projected estimate, not financial advice.</MutedText>
    </Panel>
  );
}

function Figures({ age, currentAge, total }: { age: number; currentAge: number; total: Projection }) {
  const { nominalCents, realCents, monthlyIncomeRealCents } = total.atRetirement;
  const summary = `At ${age}: ${formatCents(nominalCents)}, ${formatCents(realCents)} in today's money, ${formatCents(monthlyIncomeRealCents)} a month.`;
  return (
    <>
      <dl className={styles.figures}>
        <div>
          <dt>
            At {age} (in {yearsText(age - currentAge)})
          </dt>
          <dd>{formatCents(nominalCents)}</dd>
        </div>
        <div>
          <dt>In today's money</dt>
          <dd>{formatCents(realCents)}</dd>
        </div>
        <div>
          <dt>Monthly income it could pay</dt>
          <dd>{formatCents(monthlyIncomeRealCents)}</dd>
        </div>
      </dl>
      <MutedText small>
        The monthly income is 4 % of the total in today's money a year, over 12 months. Each account grows at its
        expected return every month, then your and your employer's contributions go in.
      </MutedText>
      <SettledAnnouncement message={summary} />
    </>
  );
}

function ProjectionTable({ rows }: { rows: Projection['rows'] }) {
  return (
    <FiguresTable
      summary={`Year-by-year figures (${rows.length} ages)`}
      label="Projection by age"
      columns={
        <>
          <th scope="col">Age</th>
          <th scope="col">Projected</th>
          <th scope="col">In today's money</th>
        </>
      }
      rows={() =>
        rows.map((r) => (
          <tr key={r.age}>
            <th scope="row">{r.age}</th>
            <td>{formatCents(r.nominalCents)}</td>
            <td>{formatCents(r.realCents)}</td>
          </tr>
        ))
      }
    />
  );
}
