import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { Panel } from '../../components/layout/panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import styles from './connect-thanks.module.css';

/** Step 2: the thank-you, with Close to the dashboard's home (spec "Connect with an Advisor"). */
export function ConnectThanks({ updated }: { updated: boolean }) {
  const navigate = useNavigate();
  const region = useRef<HTMLDivElement>(null);
  // The form the focus was in is gone: start reading here, as after a page change.
  useEffect(() => region.current?.focus(), []);
  return (
    <div ref={region} tabIndex={-1} className={styles.region}>
      <Panel title="Thank you!" level={1} className={styles.thanks}>
        <MutedText>
          {updated ? 'We received your updated request.' : 'We received your request.'} Our team will contact you by
          email to connect you with the right professional.
        </MutedText>
        <div>
          <Button onClick={() => navigate('/dashboard/home')}>Close</Button>
        </div>
      </Panel>
    </div>
  );
}
