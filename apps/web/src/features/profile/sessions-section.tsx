import { activeSessionsResponse, revokedSessionsResponse } from '@helo/contract/auth';
import { useQuery } from '@tanstack/react-query';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { Panel } from '../../components/layout/panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useApiAction } from '../../lib/api-action.ts';
import { expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';
import { sessionDevice } from './session-device.ts';
import styles from './sessions-section.module.css';

export const SESSIONS_KEY = ['profile', 'sessions'];
const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function SessionsSection() {
  const sessions = useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: async () => expectFound(await api.get('/v1/auth/sessions', activeSessionsResponse)).data,
  });
  const others = (sessions.data ?? []).filter((s) => !s.current).length;
  const signOutOthers = useApiAction(
    async () => {
      const result = await api.post('/v1/auth/sessions/revoke-others', {}, revokedSessionsResponse);
      await sessions.refetch();
      return result;
    },
    { success: 'Signed out other devices' },
  );

  return (
    <Panel title="Where you're signed in">
      {sessions.isPending && <Spinner label="Loading" />}
      {sessions.isError && <FormAlert>Your devices could not be loaded. Please reload.</FormAlert>}
      {sessions.data && (
        <ul className={styles.sessions}>
          {sessions.data.map((s) => (
            <li key={s.id}>
              <span>
                <span title={s.user_agent ?? undefined}>{sessionDevice(s.user_agent)}</span>{' '}
                {s.current && <span className={styles.current}>· This device</span>}
              </span>
              <small>
                Last active {when.format(new Date(s.last_used_at))}
                {s.ip ? ` · ${s.ip}` : ''}
              </small>
            </li>
          ))}
        </ul>
      )}
      <div>
        <Button
          variant="secondary"
          onClick={() => void signOutOthers.run()}
          loading={signOutOthers.busy}
          disabled={others === 0}
        >
          Sign out other devices
        </Button>
      </div>
    </Panel>
  );
}
