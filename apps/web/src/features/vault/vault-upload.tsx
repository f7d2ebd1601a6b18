import { VAULT_ACCEPT, type VaultStatus } from '@helo/contract/vault';
import { useRef, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { Panel } from '../../components/layout/panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import { cx } from '../../components/ui/class-names.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { useUploadFile } from './use-vault.ts';
import { formatBytes, KINDS_SHORT } from './vault-format.ts';
import styles from './vault-upload.module.css';

type Upload = { key: number; name: string; size: number } & (
  | { state: 'sending'; sent: number }
  | { state: 'done' }
  | { state: 'failed'; message: string }
);

/**
 * The upload area: files dropped on it or chosen with its button, several at once, each sent on
 * its own with its progress and then its result (done, or the server's reason: a type refused, no
 * room left). A file over the size limit is refused here, before a byte is sent. The type is left to
 * the server, which reads it from the bytes: the picker only offers the Vault's extensions.
 */
export function VaultUpload({ vault }: { vault: VaultStatus }) {
  const upload = useUploadFile();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const nextKey = useRef(0);
  const change = (key: number, next: Partial<Upload> & Pick<Upload, 'state'>) =>
    setUploads((list) => list.map((u) => (u.key === key ? ({ ...u, ...next } as Upload) : u)));

  const send = async (file: File, key: number) => {
    try {
      await upload(file, (sent) => change(key, { state: 'sending', sent }));
      change(key, { state: 'done' });
    } catch (error) {
      change(key, { state: 'failed', message: errorMessage(error) });
    }
  };

  const onDrop = (files: File[]) => {
    const added: Upload[] = files.map((file) => {
      const key = nextKey.current++;
      const base = { key, name: file.name, size: file.size };
      if (file.size > vault.file_max_bytes) {
        const message = `Not sent: ${formatBytes(file.size)} is over the ${formatBytes(vault.file_max_bytes)} a file can be.`;
        return { ...base, state: 'failed', message };
      }
      void send(file, key);
      return { ...base, state: 'sending', sent: 0 };
    });
    // The newest batch on top, in the order chosen.
    setUploads((list) => [...added, ...list]);
  };

  const { getRootProps, getInputProps, open, isDragActive } = useDropzone({
    onDrop,
    multiple: true,
    // The button opens the picker and the keyboard reaches it; the area itself only takes drops.
    noClick: true,
    noKeyboard: true,
  });
  const sending = uploads.filter((u) => u.state === 'sending').length;
  const finished = uploads.length - sending;

  return (
    <Panel title="Add files">
      <div {...getRootProps({ className: cx(styles.dropzone, isDragActive && styles.dragging) })}>
        {/* The picker's own input: the contract's extensions, several files at a time. */}
        <input {...getInputProps({ accept: VAULT_ACCEPT })} aria-label="Files to add to the Vault" />
        <p className={styles.prompt}>{isDragActive ? 'Drop the files to add them' : 'Drag and drop files here, or'}</p>
        <Button variant="secondary" onClick={open}>
          Choose files
        </Button>
        <p className={styles.hint}>
          {KINDS_SHORT}. Up to {formatBytes(vault.file_max_bytes)} a file.
        </p>
      </div>
      {uploads.length > 0 && (
        <>
          <ul className={styles.uploads} aria-label="Uploads">
            {uploads.map((u) => (
              <UploadRow key={u.key} upload={u} />
            ))}
          </ul>
          {/* Said once when everything sent has an answer, not at every step of every bar. */}
          <p className="visually-hidden" role="status">
            {sending === 0 ? summary(uploads) : ''}
          </p>
          {sending === 0 && finished > 0 && (
            <div>
              <Button variant="ghost" onClick={() => setUploads([])}>
                Clear the list
              </Button>
            </div>
          )}
        </>
      )}
    </Panel>
  );
}

function summary(uploads: Upload[]): string {
  const done = uploads.filter((u) => u.state === 'done').length;
  const failed = uploads.length - done;
  const parts = [];
  if (done) parts.push(`${done} ${done === 1 ? 'file' : 'files'} added`);
  if (failed) parts.push(`${failed} not added`);
  return parts.join(', ');
}

function UploadRow({ upload }: { upload: Upload }) {
  const percent = upload.state === 'sending' ? Math.round(upload.sent * 100) : 100;
  return (
    <li className={cx(styles.upload, upload.state === 'failed' && styles.failed)}>
      <span className={styles.name}>{upload.name}</span>
      <span className={styles.size}>{formatBytes(upload.size)}</span>
      {upload.state === 'sending' && (
        <>
          <progress className={styles.bar} max={100} value={percent} aria-label={`Sending ${upload.name}`} />
          <span className={styles.state}>{percent < 100 ? `${percent} %` : 'Checking…'}</span>
        </>
      )}
      {upload.state === 'done' && <span className={cx(styles.state, styles.done)}>Added</span>}
      {upload.state === 'failed' && <span className={cx(styles.state, styles.error)}>{upload.message}</span>}
    </li>
  );
}
