import { ACCOUNT_KINDS, ACCOUNT_NAME_MAX, type AccountKind, accountBody } from '@helo/contract/accounts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Form, FormActions } from '../../../components/layout/form.tsx';
import { FormAlert } from '../../../components/layout/form-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogCancel } from '../../../components/ui/dialog.tsx';
import { describedBy, Field, useFieldIds } from '../../../components/ui/field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { failureText } from '../../../lib/failure-text.ts';
import { splitServerErrors } from '../../../lib/server-errors.ts';
import { kindLabel } from '../accounts/account-values.ts';
import { useAccounts } from '../accounts/use-accounts.ts';
import { ACCEPTED, fileProblem } from './file-rules.ts';
import { createAccountFor, type ImportReading, uploadBankFile } from './import-calls.ts';
import styles from './import-wizard.module.css';
import { StepHeading } from './step-heading.tsx';

const HINT = 'A CSV, OFX, QFX, QIF or CAMT.053 (XML) file downloaded from your bank, at most 5 MB.';
/** The account choice that opens the new account's fields. */
const NEW = 'new';

type Problems = Partial<Record<'file' | 'kind' | 'name', string>>;

/**
 * The file, checked here for its type and size (the server's own limit and words) before it is sent,
 * and the account it goes into (the Wallet unless another is picked, or a new one named here: its
 * rows are judged against that account's transactions); while it goes, a progress bar without an
 * end (the server reads it as one piece). A refusal (a line the server could not read, a name already
 * used) is said in the server's words.
 */
export function UploadStep({ onUploaded }: { onUploaded: (preview: ImportReading) => void }) {
  const ids = useFieldIds();
  const input = useRef<HTMLInputElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const kindInput = useRef<HTMLSelectElement>(null);
  const client = useQueryClient();
  const accounts = useAccounts();
  const wallet = accounts.data?.find((a) => a.is_wallet)?.id ?? '';
  const [account, setAccount] = useState<string | null>(null);
  const chosen = account ?? wallet;
  const [kind, setKind] = useState<AccountKind | ''>('');
  const [name, setName] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const file = input.current?.files?.[0];
    const found: Problems = {};
    if (chosen === NEW) {
      const parsed = accountBody.safeParse({ kind: kind || undefined, name });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          if (issue.path[0] === 'kind') found.kind = 'Choose a kind';
          if (issue.path[0] === 'name') found.name ??= issue.message;
        }
      }
    }
    const wrongFile = fileProblem(file);
    if (wrongFile) found.file = wrongFile;
    setProblems(found);
    // The first field in error takes the focus, in the order they are shown.
    if (found.file || !file) return input.current?.focus();
    if (found.kind) return kindInput.current?.focus();
    if (found.name) return nameInput.current?.focus();
    setSending(file.name);
    try {
      let into = chosen;
      if (chosen === NEW && kind !== '') {
        try {
          into = (await createAccountFor(kind, name)).id;
        } catch (error) {
          const { fieldErrors, formError } = splitServerErrors(error, ['kind', 'name']);
          setProblems({ kind: fieldErrors.kind, name: fieldErrors.name });
          setFailure(formError);
          setSending(null);
          if (fieldErrors.name) nameInput.current?.focus();
          return;
        }
        // The new account is in the list from now on, whatever happens to the file.
        void client.invalidateQueries({ queryKey: ['wallet'] });
        setAccount(into);
      }
      // The Wallet is the server's own default: its address carries no account.
      onUploaded(await uploadBankFile(file, into === wallet ? '' : into));
    } catch (error) {
      setSending(null);
      setFailure(failureText(error, 'Something went wrong'));
    }
  };

  return (
    <Form onSubmit={submit} className={styles.step}>
      <StepHeading>Choose your bank file</StepHeading>
      <Field label="Bank file" ids={ids} hint={HINT} error={problems.file}>
        <input
          ref={input}
          id={ids.inputId}
          name="file"
          type="file"
          accept={ACCEPTED}
          className={styles.file}
          disabled={sending !== null}
          aria-invalid={problems.file ? true : undefined}
          aria-describedby={describedBy(ids, HINT, problems.file)}
          onChange={() => {
            setProblems((p) => ({ ...p, file: undefined }));
            setFailure(null);
          }}
        />
      </Field>
      <SelectField
        label="Into the account"
        choices={[
          ...(accounts.data ?? []).map((a) => ({ value: a.id, text: a.name })),
          { value: NEW, text: 'A new account…' },
        ]}
        none={accounts.data === undefined ? 'Wallet' : undefined}
        hint="Rows already in that account are left out."
        value={chosen}
        disabled={sending !== null}
        onChange={(e) => {
          setAccount(e.target.value);
          setProblems({});
        }}
      />
      {chosen === NEW && (
        <div className={styles.newAccount}>
          <SelectField
            ref={kindInput}
            label="Kind of account"
            none="Choose a kind"
            choices={ACCOUNT_KINDS.map((k) => ({ value: k, text: kindLabel(k) }))}
            value={kind}
            error={problems.kind}
            disabled={sending !== null}
            onChange={(e) => {
              setKind(e.target.value as AccountKind | '');
              setProblems((p) => ({ ...p, kind: undefined }));
            }}
          />
          <TextField
            ref={nameInput}
            label="Account name"
            maxLength={ACCOUNT_NAME_MAX}
            autoComplete="off"
            value={name}
            error={problems.name}
            disabled={sending !== null}
            onChange={(e) => {
              setName(e.target.value);
              setProblems((p) => ({ ...p, name: undefined }));
            }}
          />
        </div>
      )}
      {sending !== null && (
        <div className={styles.progress}>
          <progress aria-label={`Uploading ${sending}`} />
          <p role="status">Uploading {sending}…</p>
        </div>
      )}
      <FormAlert>{failure}</FormAlert>
      <FormActions>
        <DialogCancel />
        <Button type="submit" loading={sending !== null}>
          Upload
        </Button>
      </FormActions>
    </Form>
  );
}
