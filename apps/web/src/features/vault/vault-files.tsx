import { VAULT_NAME_MAX, type VaultFile } from '@helo/contract/vault';
import { dayLabel } from '@helo/finance/calendar';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Notice } from '../../components/layout/notice.tsx';
import { Panel } from '../../components/layout/panel.tsx';
import { RecordActions, RecordCard, RecordFigures } from '../../components/layout/record-card.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DeleteDialog } from '../../components/ui/delete-dialog.tsx';
import { ScrollTable } from '../../components/ui/scroll-table.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { browserDay } from '../../lib/calendar.ts';
import { saveFile } from '../../lib/save-file.ts';
import { toastError } from '../../lib/toast.ts';
import { downloadFile, useDeleteFile, useVaultFiles } from './use-vault.ts';
import styles from './vault-files.module.css';
import { formatBytes, kindLabel, parseSort, SORT_CHOICES, searchFiles, sortFiles } from './vault-format.ts';
import { RenameDialog } from './vault-rename-dialog.tsx';

type Action = { kind: 'rename' | 'delete'; file: VaultFile; from: HTMLElement | null };

/** The day a file was uploaded, in the person's own calendar. */
const uploadedOn = (file: VaultFile) => dayLabel(browserDay(new Date(file.uploaded_at)));

/**
 * The files: searched by name and sorted as chosen, as cards on a phone and a table on a wider
 * screen (the stylesheet shows one of the two). Each has Download, Rename and Delete; the dialogs are
 * the list's, and give the focus back to the button that opened them.
 */
export function VaultFiles() {
  const files = useVaultFiles(true);
  const resultsId = useId();
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<string>('date-desc');
  const [action, setAction] = useState<Action | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const shown = useMemo(
    () => sortFiles(searchFiles(files.data ?? [], query), parseSort(sort)),
    [files.data, query, sort],
  );

  // Where the focus goes once the dialog is gone (Radix is told not to move it).
  const returnTo = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (action !== null || !returnTo.current) return;
    // The search goes with the last file: then the list's place, where "No files yet" is, takes it.
    const results = document.getElementById(resultsId);
    if (returnTo.current.isConnected) returnTo.current.focus();
    else results?.focus();
    returnTo.current = null;
  }, [action, resultsId]);
  const open = (kind: Action['kind'], file: VaultFile) => (event: { currentTarget: HTMLElement }) =>
    setAction({ kind, file, from: event.currentTarget });
  const close = () => {
    returnTo.current = action?.from ?? null;
    setAction(null);
  };
  // The row is gone with its buttons: the focus goes to the search, at the top of the list.
  const deleted = () => {
    returnTo.current = searchRef.current;
    setAction(null);
  };
  const download = async (file: VaultFile) => {
    setDownloading(file.id);
    try {
      const { blob, fileName } = await downloadFile(file);
      saveFile(blob, fileName);
    } catch (error) {
      toastError(error);
    } finally {
      setDownloading(null);
    }
  };
  const buttons = (file: VaultFile) => (
    <>
      <Button
        size="sm"
        variant="secondary"
        aria-label={`Download ${file.name}`}
        loading={downloading === file.id}
        onClick={() => void download(file)}
      >
        Download
      </Button>
      <Button size="sm" variant="secondary" aria-label={`Rename ${file.name}`} onClick={open('rename', file)}>
        Rename
      </Button>
      <Button size="sm" variant="ghost" aria-label={`Delete ${file.name}`} onClick={open('delete', file)}>
        Delete
      </Button>
    </>
  );

  const all = files.data ?? [];
  return (
    <Panel title="Your files" className={styles.panel}>
      {all.length > 0 && (
        <search className={styles.filters} aria-label="Find files">
          <TextField
            ref={searchRef}
            label="Search by name"
            type="text"
            maxLength={VAULT_NAME_MAX}
            autoComplete="off"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            aria-controls={resultsId}
          />
          <SelectField
            label="Sort"
            choices={SORT_CHOICES}
            value={sort}
            onChange={(e) => setSort(e.target.value)}
            aria-controls={resultsId}
          />
        </search>
      )}
      <div id={resultsId} className={styles.results} tabIndex={-1}>
        {files.isError && files.data === undefined ? (
          <Notice tone="error" role="alert">
            We could not load your files. Please reload the page.
          </Notice>
        ) : files.data === undefined ? (
          <Spinner label="Loading your files" />
        ) : all.length === 0 ? (
          <p className={styles.empty}>
            No files yet. Add your first one above: a statement, a tax form, a receipt you want to keep.
          </p>
        ) : (
          <>
            <p className="visually-hidden" role="status">
              {query.trim() ? `${shown.length} of ${all.length} files match` : ''}
            </p>
            {shown.length === 0 ? (
              <p className={styles.empty}>No file name holds “{query.trim()}”.</p>
            ) : (
              <>
                <ul className={styles.cards} aria-label="Files">
                  {shown.map((file) => (
                    <li key={file.id}>
                      <RecordCard level={3} name={file.name} kind={kindLabel(file)}>
                        <RecordFigures>
                          <div>
                            <dt>Size</dt>
                            <dd>{formatBytes(file.size_bytes)}</dd>
                          </div>
                          <div>
                            <dt>Uploaded</dt>
                            <dd>{uploadedOn(file)}</dd>
                          </div>
                        </RecordFigures>
                        <RecordActions>{buttons(file)}</RecordActions>
                      </RecordCard>
                    </li>
                  ))}
                </ul>
                <ScrollTable label="Files" className={styles.tableBox} tableClassName={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col">Type</th>
                      <th scope="col" className={styles.number}>
                        Size
                      </th>
                      <th scope="col">Uploaded</th>
                      <th scope="col">
                        <span className="visually-hidden">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {shown.map((file) => (
                      <tr key={file.id}>
                        <th scope="row" className={styles.fileName}>
                          {file.name}
                        </th>
                        <td>{kindLabel(file)}</td>
                        <td className={styles.number}>{formatBytes(file.size_bytes)}</td>
                        <td className={styles.day}>{uploadedOn(file)}</td>
                        <td>
                          <div className={styles.rowActions}>{buttons(file)}</div>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </ScrollTable>
              </>
            )}
          </>
        )}
      </div>
      {action && (
        <>
          <RenameDialog file={action.file} open={action.kind === 'rename'} onClose={close} />
          <DeleteFileDialog file={action.file} open={action.kind === 'delete'} onClose={close} onDeleted={deleted} />
        </>
      )}
    </Panel>
  );
}

function DeleteFileDialog({
  file,
  open,
  onClose,
  onDeleted,
}: {
  file: VaultFile;
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteFile(file.id);
  return (
    <DeleteDialog
      open={open}
      onClose={onClose}
      onDeleted={onDeleted}
      title={`Delete “${file.name}”?`}
      description="The file is deleted from your Vault for good: it cannot be brought back."
      confirmLabel="Delete file"
      deletedText="File deleted"
      remove={{ run: () => remove.mutateAsync(), pending: remove.isPending, reset: remove.reset }}
    />
  );
}
