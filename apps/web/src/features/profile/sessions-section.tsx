import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';
import { showToast, TOAST_MS } from '../../lib/toast.ts';
import styles from './profile-settings.module.css';

interface ActiveSession {
  id: string;
  user_agent: string | null;
  ip: string | null;
  created_at: string;
  last_used_at: string;
  current: boolean;
}

export const SESSIONS_KEY = ['active-sessions'];
const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function SessionsSection() {
  const sessions = useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: async () => (await api.get<ActiveSession[]>('/v1/auth/sessions')).data,
  });
  const [busy, setBusy] = useState(false);
  const others = (sessions.data ?? []).filter((s) => !s.current).length;

  const signOutOthers = async () => {
    setBusy(true);
    try {
      const { message } = await api.post('/v1/auth/sessions/revoke-others');
      showToast('success', message ?? 'Signed out other devices', TOAST_MS.long);
      await sessions.refetch();
    } catch (error) {
      showToast('error', errorMessage(error), TOAST_MS.long);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="sessions-title">
      <h2 id="sessions-title">Where you're signed in</h2>
      {sessions.isPending && <Spinner label="Loading" />}
      {sessions.isError && <FormAlert>Your devices could not be loaded. Please reload.</FormAlert>}
      {sessions.data && (
        <ul className={styles.sessions}>
          {sessions.data.map((s) => (
            <li key={s.id}>
              <span>
                {s.user_agent ?? 'Unknown browser'} {s.current && <span className={styles.current}>· This device</span>}
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
        <Button variant="secondary" onClick={signOutOthers} loading={busy} disabled={others === 0}>
          Sign out other devices
        </Button>
      </div>
    </section>
  );
}
