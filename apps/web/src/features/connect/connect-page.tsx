import { useState } from 'react';
import { Panel } from '../../components/layout/panel.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ConnectForm } from './connect-form.tsx';
import styles from './connect-page.module.css';
import { ConnectThanks } from './connect-thanks.tsx';
import { useConnectRequest } from './use-connect.ts';

/**
 * "Connect with an Advisor" (/dashboard/chat): step 1 the form, step 2 the thank-you once the
 * request is saved (spec §4).
 */
export function ConnectPage() {
  const request = useConnectRequest();
  // Once saved: whether it was an update of a request sent before.
  const [sent, setSent] = useState<{ updated: boolean } | null>(null);

  if (sent) return <ConnectThanks updated={sent.updated} />;
  return (
    <Panel title="Connect with an Advisor" level={1} className={styles.page}>
      {request.isPending ? (
        <Spinner label="Loading your request" />
      ) : (
        // A failed load was logged (spec §8): an empty form, whose save finds out what exists.
        <ConnectForm saved={request.data ?? null} onSent={(updated) => setSent({ updated })} />
      )}
    </Panel>
  );
}
