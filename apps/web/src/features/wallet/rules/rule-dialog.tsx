import type { WalletRule } from '@helo/contract/rules';
import { UNCATEGORIZED } from '@helo/contract/wallet';
import { useEffect, useMemo, useState } from 'react';
import { type Path, useFieldArray, useWatch } from 'react-hook-form';
import { Form } from '../../../components/layout/form.tsx';
import { FormAlert } from '../../../components/layout/form-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogActions, FormDialog } from '../../../components/ui/dialog.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { formatDay, formatDollars } from '../../../lib/display-format.ts';
import { useApiForm } from '../../../lib/forms.ts';
import { TOAST_MS, toastSuccess } from '../../../lib/toast.ts';
import { RuleSplitFields } from './rule-split-fields.tsx';
import {
  ACTION_KINDS,
  blankAction,
  blankPart,
  CONDITION_KINDS,
  previewBodyOf,
  type RuleValues,
  ruleBodyOf,
  ruleForm,
  rulePathOf,
  valueless,
} from './rule-values.ts';
import styles from './rules.module.css';
import { useAddRule, useRulePreview, useUpdateRule } from './use-rules.ts';

export interface RuleChoices {
  categories: readonly string[];
  accounts: readonly { id: string; name: string }[];
}

/** 'Add a rule' / 'Edit rule': its conditions and actions, with a live preview of what it would change. */
export function RuleDialog({
  open,
  onClose,
  rule,
  initial,
  choices,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  /** The rule edited; a new one when absent. */
  rule?: WalletRule;
  initial: RuleValues;
  choices: RuleChoices;
  onSaved?: (saved: WalletRule) => void;
}) {
  return (
    <FormDialog open={open} onClose={onClose} title={rule ? `Edit rule “${rule.name}”` : 'Add a rule'}>
      <RuleForm onClose={onClose} rule={rule} initial={initial} choices={choices} onSaved={onSaved} />
    </FormDialog>
  );
}

function RuleForm({
  onClose,
  rule,
  initial,
  choices,
  onSaved,
}: {
  onClose: () => void;
  rule?: WalletRule | undefined;
  initial: RuleValues;
  choices: RuleChoices;
  onSaved?: ((saved: WalletRule) => void) | undefined;
}) {
  const add = useAddRule();
  const update = useUpdateRule();
  const form = useApiForm(
    ruleForm,
    async (values) => {
      const body = ruleBodyOf(values);
      const result = rule
        ? await update.mutateAsync({ id: rule.id, body: { ...body, version: rule.version } })
        : await add.mutateAsync(body);
      toastSuccess(result.message, rule ? 'Rule saved' : 'Rule added', TOAST_MS.long);
      onClose();
      onSaved?.(result.data);
    },
    { defaultValues: initial, serverPath: (path) => rulePathOf(path) as Path<RuleValues> | undefined },
  );
  const conditions = useFieldArray({ control: form.control, name: 'conditions' });
  const actions = useFieldArray({ control: form.control, name: 'actions' });
  const watched = useWatch({ control: form.control }) as RuleValues;
  // The body as text: the form hands a new object on every render, a string compares by its value.
  const previewText = useDebounced(JSON.stringify(previewBodyOf(watched) ?? null), 400);
  const previewBody = useMemo(
    () => (JSON.parse(previewText) as ReturnType<typeof previewBodyOf> | null) ?? undefined,
    [previewText],
  );
  const errors = form.formState.errors;
  const categoryChoices = [...new Set([...choices.categories, UNCATEGORIZED])].map((c) => ({ value: c, text: c }));
  const accountChoices = choices.accounts.map((a) => ({ value: a.id, text: a.name }));

  return (
    <Form onSubmit={form.onSubmit}>
      <TextField label="Name" {...form.register('name')} error={errors.name?.message} />
      <fieldset className={styles.group}>
        <legend>When every one of these holds</legend>
        {conditions.fields.map((field, i) => {
          const kind = watched.conditions?.[i]?.kind ?? 'payee_contains';
          const rowErrors = errors.conditions?.[i];
          const n = i + 1;
          return (
            <div key={field.id} className={styles.row}>
              <SelectField
                label={`Condition ${n}`}
                choices={CONDITION_KINDS}
                {...form.register(`conditions.${i}.kind`)}
                error={rowErrors?.kind?.message}
              />
              {kind === 'account_is' ? (
                <SelectField
                  label={`Account of condition ${n}`}
                  choices={accountChoices}
                  none="Choose an account"
                  {...form.register(`conditions.${i}.value`)}
                  error={rowErrors?.value?.message}
                />
              ) : valueless(kind) ? null : (
                <TextField
                  label={kind.startsWith('amount') ? (kind === 'amount_between' ? 'From ($)' : 'Amount ($)') : 'Text'}
                  inputMode={kind.startsWith('amount') ? 'decimal' : undefined}
                  {...form.register(`conditions.${i}.value`)}
                  error={rowErrors?.value?.message}
                />
              )}
              {kind === 'amount_between' && (
                <TextField
                  label="To ($)"
                  inputMode="decimal"
                  {...form.register(`conditions.${i}.value2`)}
                  error={rowErrors?.value2?.message}
                />
              )}
              {conditions.fields.length > 1 && (
                <Button variant="ghost" size="sm" onClick={() => conditions.remove(i)}>
                  Remove condition {n}
                </Button>
              )}
            </div>
          );
        })}
        {conditions.fields.length < 10 && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => conditions.append({ kind: 'payee_contains', value: '', value2: '' })}
          >
            Add a condition
          </Button>
        )}
      </fieldset>
      <fieldset className={styles.group}>
        <legend>Then</legend>
        {actions.fields.map((field, i) => {
          const kind = watched.actions?.[i]?.kind ?? 'set_category';
          const rowErrors = errors.actions?.[i];
          const error = rowErrors?.value?.message;
          const n = i + 1;
          // Made a split: two blank parts to fill (by percentages, as the dialog starts it).
          const kindField = form.register(`actions.${i}.kind`, {
            onChange: (e: { target: { value: string } }) => {
              if (e.target.value === 'split' && form.getValues(`actions.${i}.parts`).length === 0) {
                form.setValue(`actions.${i}.parts`, [blankPart(), blankPart()]);
              }
            },
          });
          const removeButton = actions.fields.length > 1 && (
            <Button
              variant="ghost"
              size="sm"
              className={kind === 'split' ? styles.remove : undefined}
              onClick={() => actions.remove(i)}
            >
              Remove action {n}
            </Button>
          );
          return (
            <div key={field.id} className={styles.row}>
              <SelectField
                label={`Action ${n}`}
                choices={ACTION_KINDS}
                {...kindField}
                error={rowErrors?.kind?.message}
              />
              {kind === 'split' ? (
                <>
                  {removeButton}
                  <div className={styles.wide}>
                    <RuleSplitFields form={form} index={i} choices={categoryChoices} />
                  </div>
                </>
              ) : (
                <>
                  {kind === 'set_category' ? (
                    <SelectField
                      label={`Category of action ${n}`}
                      choices={categoryChoices}
                      none="Choose a category"
                      {...form.register(`actions.${i}.value`)}
                      error={error}
                    />
                  ) : kind === 'transfer' ? (
                    <SelectField
                      label={`Account of action ${n}`}
                      choices={accountChoices}
                      none="Choose an account"
                      {...form.register(`actions.${i}.value`)}
                      error={error}
                    />
                  ) : (
                    <TextField
                      label={kind === 'add_tag' ? 'Tag' : 'New payee'}
                      {...form.register(`actions.${i}.value`)}
                      error={error}
                    />
                  )}
                  {removeButton}
                </>
              )}
            </div>
          );
        })}
        {actions.fields.length < 10 && (
          <Button variant="secondary" size="sm" onClick={() => actions.append(blankAction())}>
            Add an action
          </Button>
        )}
      </fieldset>
      <RulePreviewNote body={previewBody} />
      <FormAlert>{form.formError}</FormAlert>
      <DialogActions>
        <Button type="submit" loading={form.formState.isSubmitting}>
          {rule ? 'Save rule' : 'Add rule'}
        </Button>
      </DialogActions>
    </Form>
  );
}

/** "Matches 12 transactions: …": what the rule as written would change among the past ones. */
function RulePreviewNote({ body }: { body: ReturnType<typeof previewBodyOf> }) {
  const preview = useRulePreview(body);
  let text: string;
  if (body === undefined) text = 'Fill in the conditions and actions to see what the rule would change.';
  else if (preview.isError) text = 'The preview could not be shown: check the conditions and actions.';
  else if (preview.data === undefined) text = 'Looking for matching transactions…';
  else if (preview.data.count === 0) text = 'It would change none of your past transactions.';
  else text = `Matches ${preview.data.count} past ${preview.data.count === 1 ? 'transaction' : 'transactions'}:`;
  const shown = body === undefined || preview.isError ? [] : (preview.data?.transactions.slice(0, 5) ?? []);
  return (
    <div className={styles.preview} aria-live="polite">
      <p>{text}</p>
      {shown.length > 0 && (
        <ul>
          {shown.map((m) => (
            <li key={m.id}>
              {formatDay(m.date)}, {m.payee}, {formatDollars(m.amount)}
              {m.new_category ? ` → ${m.new_category}` : ''}
              {m.new_payee ? ` → “${m.new_payee}”` : ''}
              {m.transfer_to ? ' → a transfer' : ''}
              {m.split ? ` → split: ${m.split.map((p) => `${p.category} ${formatDollars(p.amount)}`).join(', ')}` : ''}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function useDebounced(value: string, ms: number): string {
  const [held, setHeld] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setHeld(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return held;
}
