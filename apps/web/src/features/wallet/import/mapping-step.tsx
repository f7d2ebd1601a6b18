import type { CsvMappingBody } from '@helo/contract/wallet';
import { useRef, useState } from 'react';
import { FormActions } from '../../../components/layout/form.tsx';
import { FormAlert } from '../../../components/layout/form-alert.tsx';
import { MutedText } from '../../../components/layout/muted-text.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { DialogCancel } from '../../../components/ui/dialog.tsx';
import { type SelectChoice, SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { failureText } from '../../../lib/failure-text.ts';
import { type ImportReading, previewImport } from './import-calls.ts';
import { ImportProblems } from './import-problems.tsx';
import { ImportRows } from './import-rows.tsx';
import styles from './import-wizard.module.css';
import {
  columnChoices,
  type MappingField,
  type MappingValues,
  mappingBodyOf,
  mappingProblems,
  mappingValuesOf,
} from './mapping-values.ts';
import { StepHeading } from './step-heading.tsx';

/** How many rows the step shows as they will be read. */
const SAMPLE_ROWS = 5;

const DATE_ORDERS: { value: CsvMappingBody['date_order']; text: string }[] = [
  { value: 'ymd', text: 'Year-month-day (2026-03-05)' },
  { value: 'mdy', text: 'Month-day-year (03/05/2026)' },
  { value: 'dmy', text: 'Day-month-year (05/03/2026)' },
];
const AMOUNT_KINDS: { value: MappingValues['amountKind']; text: string }[] = [
  { value: 'signed', text: 'One column' },
  { value: 'split', text: 'Two: money out, money in' },
];
const DECIMALS: { value: CsvMappingBody['decimal']; text: string }[] = [
  { value: '.', text: 'Point (1,234.56)' },
  { value: ',', text: 'Comma (1.234,56)' },
];

/**
 * Which CSV column holds what: the server's guess to start with; each change is read again by the
 * server, and the first rows show how they come out, with the lines it can not read under them
 * (the preview offers to leave those out). A refused mapping is said in the server's words, and
 * Next waits until the file reads.
 */
export function MappingStep({
  preview,
  onPreview,
  onNext,
}: {
  preview: ImportReading;
  /** The file as read with the mapping now chosen (the wizard keeps it for the preview and commit). */
  onPreview: (preview: ImportReading) => void;
  onNext: () => void;
}) {
  const [values, setValues] = useState<MappingValues>(() => mappingValuesOf(preview.mapping as CsvMappingBody));
  const [failure, setFailure] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  // Only the answer to the latest change counts: an older one arriving late is dropped.
  const latest = useRef(0);
  const problems = mappingProblems(values);

  const change = async (patch: Partial<MappingValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    const mapping = mappingBodyOf(next);
    const call = ++latest.current;
    if (!mapping) {
      setReading(false);
      return;
    }
    setReading(true);
    setFailure(null);
    try {
      const read = await previewImport(preview.id, mapping);
      if (call === latest.current) onPreview(read);
    } catch (error) {
      if (call === latest.current) setFailure(failureText(error, 'Something went wrong'));
    } finally {
      if (call === latest.current) setReading(false);
    }
  };

  const choices = columnChoices(preview.columns, values.header);
  // 'credit' has no problem of its own: a clash is told at 'debit'.
  const columnProblems: Partial<Record<ColumnName, string>> = problems;
  /** The select of one column: its value, its problem, and a change read again by the server. */
  const column = (name: ColumnName, label: string, none?: string) => (
    <ColumnSelect
      label={label}
      value={values[name]}
      choices={choices}
      none={none}
      error={columnProblems[name]}
      onChange={(value) => void change({ [name]: value })}
    />
  );
  const fresh = failure === null && !reading && Object.keys(problems).length === 0;
  return (
    <div className={styles.step}>
      <StepHeading>Match the columns</StepHeading>
      <MutedText>Tell Helo which column of {preview.file_name} holds what. Money out is read as negative.</MutedText>
      <div className={styles.mapping}>
        <TextField
          label="Lines to skip before the header"
          hint="A bank's title or balances above the columns"
          type="number"
          inputMode="numeric"
          min={0}
          max={1000}
          value={values.skip_lines}
          error={problems.skip_lines}
          onChange={(e) => void change({ skip_lines: e.target.value })}
        />
      </div>
      <Checkbox
        label="The first row holds the column names"
        checked={values.header}
        onChange={(e) => void change({ header: e.target.checked })}
      />
      <div className={styles.mapping}>
        {column('date', 'Date column')}
        {column('payee', 'Payee column')}
        <SelectField
          label="Amount is in"
          value={values.amountKind}
          choices={AMOUNT_KINDS}
          onChange={(e) => void change({ amountKind: e.target.value as MappingValues['amountKind'] })}
        />
        {values.amountKind === 'signed' ? (
          column('amount', 'Amount column')
        ) : (
          <>
            {column('debit', 'Money out column', 'None')}
            {column('credit', 'Money in column', 'None')}
          </>
        )}
        {column('memo', 'Memo column', 'None')}
        {column('category', "Bank's category column", 'None')}
        {column('sign', 'Sign column (debit/credit words)', 'None')}
        <SelectField
          label="Date order"
          value={values.date_order}
          choices={DATE_ORDERS}
          onChange={(e) => void change({ date_order: e.target.value as MappingValues['date_order'] })}
        />
        <SelectField
          label="Decimal mark"
          value={values.decimal}
          choices={DECIMALS}
          onChange={(e) => void change({ decimal: e.target.value as MappingValues['decimal'] })}
        />
      </div>
      <Checkbox
        label="Flip the sign of every amount"
        hint="For a card whose charges are written as positive numbers"
        checked={values.flip_sign}
        onChange={(e) => void change({ flip_sign: e.target.checked })}
      />
      <section aria-labelledby="import-sample-title" className={styles.sample}>
        <h4 id="import-sample-title" className={styles.sampleTitle}>
          The first rows as they will be read
        </h4>
        <p role="status" className="visually-hidden">
          {reading ? 'Reading the file again…' : ''}
        </p>
        {failure === null && preview.rows.length > 0 && (
          // The rows of the last reading, dimmed while the next one is on its way or a column is missing.
          <div className={fresh ? undefined : styles.stale}>
            <ImportRows
              rows={preview.rows.slice(0, SAMPLE_ROWS)}
              label="The first rows as they will be read"
              showDuplicates={false}
            />
          </div>
        )}
        {failure === null && preview.rows.length === 0 && !reading && (
          <MutedText>No transactions were found with these columns.</MutedText>
        )}
        {/* Where the rows would be: why the server refused these columns. */}
        <FormAlert>{failure}</FormAlert>
      </section>
      {failure === null && <ImportProblems preview={preview} id="import-mapping-problems" />}
      <FormActions>
        <DialogCancel />
        <Button disabled={!fresh || preview.rows.length === 0} onClick={onNext}>
          Next
        </Button>
      </FormActions>
    </div>
  );
}

type ColumnName = MappingField | 'credit';

function ColumnSelect({
  none,
  value,
  onChange,
  ...props
}: {
  label: string;
  value: string;
  choices: readonly SelectChoice[];
  /** The choice of no column, for an optional one; a required one offers 'Choose a column'. */
  none?: string | undefined;
  error?: string | undefined;
  onChange: (value: string) => void;
}) {
  // A required column not chosen yet shows a prompt rather than silently the first column.
  const prompt = none ?? (value === '' ? 'Choose a column' : undefined);
  return <SelectField {...props} value={value} none={prompt} onChange={(e) => onChange(e.target.value)} />;
}
