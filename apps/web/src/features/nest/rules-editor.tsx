import type { Nest } from '@helo/contract/nest';
import { MAX_NEST_RULES } from '@helo/contract/nest';
import { type FormEvent, useRef, useState } from 'react';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { StaleAlert } from '../../components/layout/stale-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { CurrencyInput } from '../../components/ui/currency-input.tsx';
import { Field, FieldInput, useFieldIds } from '../../components/ui/field.tsx';
import { type SelectChoice, SelectField } from '../../components/ui/select-field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useStaleSave } from '../../lib/stale-save.ts';
import { TOAST_MS, toastSuccess } from '../../lib/toast.ts';
import { useInvestment } from '../investments/index.ts';
import { useGoals } from '../lifestyle-goals/index.ts';
import { allocationBodyOf, blankRow, checkRows, FIXED_BUCKET_NAMES, type RuleRow, rowsOf } from './rule-rows.ts';
import styles from './rules-editor.module.css';
import { NEST_KEY, useSaveRules } from './use-nest.ts';

/** The buckets a rule can feed: the three of their own, then the user's goals and accounts by name. */
function useChoices(rules: Nest['rules']): SelectChoice[] {
  const goals = useGoals().data ?? [];
  const accounts = useInvestment().data?.accounts ?? [];
  const choices: SelectChoice[] = [
    ...Object.entries(FIXED_BUCKET_NAMES).map(([value, text]) => ({ value, text })),
    ...goals.map((g) => ({ value: `goal:${g.id}`, text: `Goal: ${g.name}` })),
    ...accounts.map((a) => ({ value: `investment:${a.id}`, text: `Investment: ${a.name}` })),
  ];
  // A saved rule's target the lists have not loaded (or no longer hold) keeps its name.
  for (const r of rules) {
    const value = r.target_id === null ? r.bucket : `${r.bucket}:${r.target_id}`;
    if (!choices.some((c) => c.value === value)) choices.push({ value, text: r.target_name ?? value });
  }
  return choices;
}

/**
 * The ordered rules: fixed amounts are taken first, then the percentages of what is left, and the
 * rest goes to the Wallet. Saved whole with the version read; a change made elsewhere meanwhile is
 * the shared StaleAlert with Reload; the server's field errors land on their rows.
 */
export function RulesEditor({ nest }: { nest: Nest }) {
  const [rows, setRows] = useState<RuleRow[]>(() => rowsOf(nest.rules));
  const [version, setVersion] = useState(nest.rules_version);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const choices = useChoices(nest.rules);
  const saveRules = useSaveRules();
  const { stale, save, reload } = useStaleSave();
  // A removed row takes its buttons with it: the focus goes to 'Add a rule', not to the page's body.
  const addButton = useRef<HTMLButtonElement>(null);

  const change = (i: number, patch: Partial<RuleRow>) =>
    setRows((all) => all.map((row, j) => (j === i ? { ...row, ...patch } : row)));
  const move = (i: number, by: -1 | 1) =>
    setRows((all) => {
      const next = [...all];
      const [row] = next.splice(i, 1);
      if (row) next.splice(i + by, 0, row);
      return next;
    });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = checkRows(rows, version);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFormError(found.rules ?? 'Please check the rules marked below.');
      return;
    }
    try {
      await save(async () => {
        const saved = await saveRules.mutateAsync(allocationBodyOf(rows, version));
        setRows(rowsOf(saved.rules));
        setVersion(saved.rules_version);
        toastSuccess(null, 'Rules saved', TOAST_MS.medium);
      });
    } catch (error) {
      const placed: Record<string, string> = {};
      if (error instanceof ApiError) for (const e of error.errors) placed[e.path] ??= e.message;
      setErrors(placed);
      setFormError(placed.rules ?? (error instanceof ApiError ? error.message : 'Something went wrong'));
    }
  };

  const onReload = () =>
    reload<Nest>(NEST_KEY, (data) => {
      if (!data) return;
      setRows(rowsOf(data.rules));
      setVersion(data.rules_version);
      setErrors({});
      setFormError(null);
    });

  return (
    <section aria-labelledby="rules-title" className={styles.section}>
      <h2 id="rules-title" className={styles.title}>
        Your rules
      </h2>
      <MutedText>
        Fixed amounts are taken first, in order; then the percentages share what is left. Whatever no rule takes goes to
        your Wallet.
      </MutedText>
      <form noValidate onSubmit={onSubmit} className={styles.form}>
        {formError && <FormAlert>{formError}</FormAlert>}
        {rows.length === 0 && <MutedText>No rules yet: everything you record goes to your Wallet.</MutedText>}
        <ol className={styles.rows}>
          {rows.map((row, i) => (
            <RuleRowFields
              key={row.key}
              index={i}
              count={rows.length}
              row={row}
              choices={choices}
              errors={errors}
              onChange={(patch) => change(i, patch)}
              onMove={(by) => move(i, by)}
              onRemove={() => {
                setRows((all) => all.filter((_, j) => j !== i));
                addButton.current?.focus();
              }}
            />
          ))}
        </ol>
        <p className={styles.rest}>The rest goes to your Wallet.</p>
        {stale ? (
          <StaleAlert message={stale} onReload={onReload} focusOnShow />
        ) : (
          <div className={styles.actions}>
            <Button
              ref={addButton}
              variant="secondary"
              disabled={rows.length >= MAX_NEST_RULES}
              onClick={() => setRows((all) => [...all, blankRow()])}
            >
              Add a rule
            </Button>
            <Button type="submit" loading={saveRules.isPending}>
              Save rules
            </Button>
          </div>
        )}
      </form>
    </section>
  );
}

const KIND_CHOICES: readonly SelectChoice[] = [
  { value: 'percent', text: 'Percent' },
  { value: 'fixed', text: 'Fixed amount' },
];

function RuleRowFields({
  index,
  count,
  row,
  choices,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  row: RuleRow;
  choices: SelectChoice[];
  errors: Record<string, string>;
  onChange: (patch: Partial<RuleRow>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const n = index + 1;
  const valueIds = useFieldIds();
  const at = (field: string) => errors[`rules.${index}.${field}`];
  const bucketError = at('bucket') ?? at('target_id');
  const described = (ids: { errorId: string }, error: string | undefined) => (error ? ids.errorId : undefined);
  return (
    <li className={styles.row} aria-label={`Rule ${n}`}>
      <SelectField
        label={`Bucket of rule ${n}`}
        className={styles.bucket}
        choices={choices}
        none="Choose a bucket"
        error={bucketError}
        value={row.target}
        onChange={(e) => onChange({ target: e.target.value })}
      />
      <SelectField
        label={`Kind of rule ${n}`}
        className={styles.kind}
        choices={KIND_CHOICES}
        error={at('kind')}
        value={row.kind}
        onChange={(e) => onChange({ kind: e.target.value as RuleRow['kind'] })}
      />
      {row.kind === 'fixed' ? (
        <CurrencyInput
          label={`Amount of rule ${n} ($)`}
          className={styles.value}
          value={row.value}
          error={at('value')}
          onChange={(value) => onChange({ value })}
        />
      ) : (
        <Field label={`Percent of rule ${n}`} ids={valueIds} error={at('value')} className={styles.value}>
          <FieldInput
            id={valueIds.inputId}
            inputMode="decimal"
            autoComplete="off"
            value={row.value}
            aria-invalid={at('value') ? true : undefined}
            aria-describedby={described(valueIds, at('value'))}
            onChange={(e) => onChange({ value: e.target.value })}
          />
        </Field>
      )}
      <div className={styles.rowActions}>
        <Button
          size="sm"
          variant="ghost"
          disabled={index === 0}
          onClick={() => onMove(-1)}
          aria-label={`Move rule ${n} up`}
        >
          Up
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={index === count - 1}
          onClick={() => onMove(1)}
          aria-label={`Move rule ${n} down`}
        >
          Down
        </Button>
        <Button size="sm" variant="ghost" onClick={onRemove} aria-label={`Remove rule ${n}`}>
          Remove
        </Button>
      </div>
    </li>
  );
}
