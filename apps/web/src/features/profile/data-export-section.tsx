import { exportFileName } from '@helo/contract/account';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { Panel } from '../../components/layout/panel.tsx';
import { Button, type ButtonProps } from '../../components/ui/button.tsx';
import { useApiAction } from '../../lib/api-action.ts';
import { api } from '../../lib/auth.ts';
import { browserDay } from '../../lib/calendar.ts';
import { saveFile } from '../../lib/save-file.ts';
import { toastSuccess } from '../../lib/toast.ts';

/** Hands a file to the browser's downloads, as a link to it would. */
/**
 * GET /v1/account/export through the API client (it carries the bearer token, which a plain link
 * could not), then the zip saved under the server's name for it.
 */
export function useDataExport() {
  return useApiAction(async () => {
    const { blob, fileName } = await api.download('/v1/account/export');
    const name = fileName ?? exportFileName(browserDay());
    saveFile(blob, name);
    toastSuccess(undefined, `Your data is downloaded: ${name}`);
    return undefined;
  });
}

export function DownloadDataButton({ variant = 'secondary' }: { variant?: ButtonProps['variant'] }) {
  const download = useDataExport();
  return (
    <>
      <div>
        <Button variant={variant} loading={download.busy} onClick={() => void download.run()}>
          Download my data
        </Button>
      </div>
      {/* The archive takes a moment to build: said, not only shown by the spinner. */}
      <p role="status" className={download.busy ? undefined : 'visually-hidden'}>
        {download.busy ? 'Preparing your data… this can take a moment.' : ''}
      </p>
    </>
  );
}

export function DataExportSection() {
  return (
    <Panel title="Your data">
      <MutedText>
        Download everything Helo keeps about you: your account, sessions, notifications, preferences and the records of
        every part of Helo you use, as JSON and as spreadsheet-ready CSV files in one zip, with a README that says what
        each file holds.
      </MutedText>
      <DownloadDataButton />
    </Panel>
  );
}
