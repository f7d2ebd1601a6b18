import { CurrencyInput } from '../../components/ui/currency-input.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { formatDollars } from '../../lib/display-format.ts';
import type { WhatIfChanges, WhatIfErrors, WhatIfValues } from './what-if.ts';
import styles from './what-if-fields.module.css';

/**
 * The "what if": another retirement age, and each account's own contribution and return. Nothing
 * here is saved; every keystroke changes the projection beside it.
 */
export function WhatIfFields({
  values,
  errors,
  onChange,
}: {
  values: WhatIfValues;
  errors: WhatIfErrors;
  onChange: (update: (changes: WhatIfChanges) => WhatIfChanges) => void;
}) {
  const setAccount = (id: string, field: 'contribution' | 'returnPercent', value: string) =>
    onChange((c) => ({ ...c, accounts: { ...c.accounts, [id]: { ...c.accounts[id], [field]: value } } }));
  return (
    <fieldset className={styles.whatIf}>
      <legend className={styles.legend}>What if…</legend>
      <TextField
        className={styles.age}
        label="Retirement age"
        inputMode="numeric"
        autoComplete="off"
        value={values.retirementAge}
        error={errors.retirementAge}
        onChange={(e) => onChange((c) => ({ ...c, retirementAge: e.target.value }))}
      />
      <div className={styles.accounts}>
        {values.accounts.map((a) => (
          <fieldset key={a.id} className={styles.account}>
            <legend className={styles.accountName}>{a.name}</legend>
            <CurrencyInput
              label="You add a month"
              hint={a.employer > 0 ? `Plus ${formatDollars(a.employer)} from your employer.` : undefined}
              value={a.contribution}
              error={errors[`${a.id}.contribution`]}
              onChange={(v) => setAccount(a.id, 'contribution', v)}
            />
            <TextField
              label="Return (% a year)"
              inputMode="decimal"
              autoComplete="off"
              value={a.returnPercent}
              error={errors[`${a.id}.return`]}
              onChange={(e) => setAccount(a.id, 'returnPercent', e.target.value)}
            />
          </fieldset>
        ))}
      </div>
    </fieldset>
  );
}
