import { type FormEvent, useRef, useState } from 'react';
import { Form, FormActions } from '../../../components/layout/form.tsx';
import { FormAlert } from '../../../components/layout/form-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogCancel } from '../../../components/ui/dialog.tsx';
import { describedBy, Field, useFieldIds } from '../../../components/ui/field.tsx';
import { failureText } from '../../../lib/failure-text.ts';
import { ACCEPTED, fileProblem } from './file-rules.ts';
import { type ImportReading, uploadBankFile } from './import-calls.ts';
import styles from './import-wizard.module.css';
import { StepHeading } from './step-heading.tsx';

const HINT = 'A CSV, OFX or QFX file downloaded from your bank, at most 5 MB.';

/**
 * The file, checked here for its type and size (the server's own limit and words) before it is sent;
 * while it goes, a progress bar without an end (the server reads it as one piece). A refusal (a line
 * the server could not read) is said in the server's words.
 */
export function UploadStep({ onUploaded }: { onUploaded: (preview: ImportReading) => void }) {
  const ids = useFieldIds();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const file = input.current?.files?.[0];
    const wrong = fileProblem(file);
    setProblem(wrong);
    if (wrong || !file) {
      input.current?.focus();
      return;
    }
    setSending(file.name);
    try {
      onUploaded(await uploadBankFile(file));
    } catch (error) {
      setSending(null);
      setFailure(failureText(error, 'Something went wrong'));
    }
  };

  return (
    <Form onSubmit={submit} className={styles.step}>
      <StepHeading>Choose your bank file</StepHeading>
      <Field label="Bank file" ids={ids} hint={HINT} error={problem ?? undefined}>
        <input
          ref={input}
          id={ids.inputId}
          name="file"
          type="file"
          accept={ACCEPTED}
          className={styles.file}
          disabled={sending !== null}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy(ids, HINT, problem ?? undefined)}
          onChange={() => {
            setProblem(null);
            setFailure(null);
          }}
        />
      </Field>
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
