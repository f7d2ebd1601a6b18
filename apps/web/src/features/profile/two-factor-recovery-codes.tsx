import { useEffect, useRef, useState } from 'react';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { Button } from '../../components/ui/button.tsx';
import { saveFile } from '../../lib/save-file.ts';
import styles from './two-factor-recovery-codes.module.css';
import { RECOVERY_CODES_FILE_NAME, recoveryCodesClipboardText, recoveryCodesFileText } from './two-factor-text.ts';

/** Hands the text to the browser as a file download. */
/**
 * A new set of recovery codes, shown this once (the server keeps only their hashes): a file to
 * download, a copy for a password manager, and the close that says they are kept. The heading takes
 * the focus when it appears: the form that was focused has just gone.
 */
export function RecoveryCodes({
  codes,
  email,
  onDone,
}: {
  codes: readonly string[];
  email: string;
  onDone: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => heading.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(recoveryCodesClipboardText(codes));
      setCopied('The codes are copied.');
    } catch {
      setCopied('They could not be copied here: select them and copy them yourself, or download the file.');
    }
  };

  return (
    <div className={styles.block}>
      <h3 ref={heading} tabIndex={-1} className={styles.heading}>
        Save your recovery codes
      </h3>
      <MutedText>
        If you lose your phone, each code signs you in once instead of the app's code. They are shown only now: download
        or copy them and keep them somewhere safe, such as a password manager.
      </MutedText>
      <ol className={styles.codes} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onClick={() =>
            saveFile(
              new Blob([recoveryCodesFileText(codes, email, new Date())], { type: 'text/plain;charset=utf-8' }),
              RECOVERY_CODES_FILE_NAME,
            )
          }
        >
          Download as a text file
        </Button>
        <Button variant="secondary" onClick={() => void copy()}>
          Copy
        </Button>
        <p role="status" className={styles.copied}>
          {copied}
        </p>
      </div>
      <div className={styles.done}>
        <Button onClick={onDone}>I saved them</Button>
      </div>
    </div>
  );
}
