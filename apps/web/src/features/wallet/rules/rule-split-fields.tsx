import { SPLIT_PARTS_MAX } from '@helo/contract/rules';
import { formatCents } from '@helo/finance/format';
import { useEffect } from 'react';
import { type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { CurrencyField } from '../../../components/ui/currency-field.tsx';
import { amountOf } from '../../../components/ui/currency-rules.ts';
import type { SelectChoice } from '../../../components/ui/select-field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { AddPartButton, SplitPartRow, SplitPartsBox } from '../split-parts.tsx';
import { blankPart, type PartRow, percentLine, type RuleValues, type ruleForm, SPLIT_BY } from './rule-values.ts';

type RuleFormApi = UseFormReturn<RuleValues, unknown, z.output<typeof ruleForm>>;

/** What parts by amounts take, and where the rest goes: "Parts: $20.00; the rest of each transaction goes to Household". */
function amountsLine(parts: readonly PartRow[], rest: string): string {
  let cents = 0;
  for (const p of parts) {
    const amount = p.amount.trim() === '' ? 0 : amountOf(p.amount);
    if (amount === undefined || Number.isNaN(amount)) return 'Check the amounts: each is a dollar amount';
    cents += Math.round(amount * 100);
  }
  const taken = `Parts: ${formatCents(cents)}`;
  return rest ? `${taken}; the rest of each transaction goes to ${rest}` : `${taken}; choose where the rest goes`;
}

/**
 * A rule's "Split it": by percentages (adding up to 100) or by amounts (the rest to a category of
 * its own); each part a category and its share, in the rows a transaction's split uses.
 */
export function RuleSplitFields({
  form,
  index,
  choices,
}: {
  form: RuleFormApi;
  /** The action's place among the rule's actions. */
  index: number;
  choices: readonly SelectChoice[];
}) {
  const { control, register, setFocus, clearErrors } = form;
  const name = `actions.${index}` as const;
  const { fields, append, remove } = useFieldArray({ control, name: `${name}.parts` });
  const by = useWatch({ control, name: `${name}.by` });
  const parts = useWatch({ control, name: `${name}.parts` }) ?? [];
  const rest = useWatch({ control, name: `${name}.rest_category` }) ?? '';
  const errors = form.formState.errors.actions?.[index];
  const partsError = errors?.parts?.root?.message ?? errors?.parts?.message;
  const status = by === 'amounts' ? amountsLine(parts, rest) : percentLine(parts);
  // As a transaction's split: the live line says what the parts add up to once they change, so an
  // error said of the earlier shares goes (the save checks them again).
  const signature = `${by}:${parts.map((p) => (by === 'amounts' ? p.amount : p.percent)).join('|')}`;
  useEffect(() => {
    if (signature !== '') clearErrors(`${name}.parts`);
  }, [signature, name, clearErrors]);

  return (
    <SplitPartsBox
      legend={`Split of action ${index + 1}`}
      before={
        <SelectField label="Split by" choices={SPLIT_BY} {...register(`${name}.by`)} error={errors?.by?.message} />
      }
      after={
        by === 'amounts' ? (
          <SelectField
            label="Category of the rest"
            choices={choices}
            none="Choose a category"
            {...register(`${name}.rest_category`)}
            error={errors?.rest_category?.message}
          />
        ) : null
      }
      status={status}
      error={partsError}
      buttons={
        fields.length < SPLIT_PARTS_MAX && (
          <AddPartButton
            onClick={() => {
              append(blankPart());
              setTimeout(() => setFocus(`${name}.parts.${fields.length}.category`));
            }}
          />
        )
      }
    >
      {fields.map((field, j) => {
        const partErrors = errors?.parts?.[j];
        return (
          <SplitPartRow
            key={field.id}
            n={j + 1}
            choices={choices}
            none="Choose a category"
            category={register(`${name}.parts.${j}.category`)}
            categoryError={partErrors?.category?.message}
            onRemove={
              fields.length > 1
                ? () => {
                    remove(j);
                    setTimeout(() => setFocus(`${name}.parts.${Math.max(0, j - 1)}.category`));
                  }
                : undefined
            }
          >
            {by === 'amounts' ? (
              <CurrencyField
                control={control}
                name={`${name}.parts.${j}.amount`}
                label={`Amount of part ${j + 1}`}
                error={partErrors?.amount?.message}
              />
            ) : (
              <TextField
                label={`Percent of part ${j + 1}`}
                inputMode="decimal"
                {...register(`${name}.parts.${j}.percent`)}
                error={partErrors?.percent?.message}
              />
            )}
          </SplitPartRow>
        );
      })}
    </SplitPartsBox>
  );
}
