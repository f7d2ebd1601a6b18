import type { SessionPayload } from '@helo/contract/auth';
import { type ReactNode, useState } from 'react';
import { Notice } from '../../components/layout/notice.tsx';
import { Button } from '../../components/ui/button.tsx';
import { expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';
import { loadWebAuthn, type PasskeyProblem, passkeyProblem, UNSUPPORTED } from './passkey-ceremony.ts';
import styles from './passkey-sign-in-button.module.css';

type OnSession = (session: SessionPayload) => void;

// Read without the library, so a browser without WebAuthn is not offered the button at all.
const webAuthnAvailable = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/**
 * Runs one passkey ceremony: the server's options, the browser's prompt, the server's answer. The
 * library and the contract's schemas (zod) load on the press, not with the sign-in page.
 */
function usePasskeyCeremony(
  ceremony: (lib: Awaited<ReturnType<typeof loadWebAuthn>>) => Promise<SessionPayload>,
  onSession: OnSession,
  onRefused?: (error: unknown) => boolean,
) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<PasskeyProblem | null>(null);
  const run = async () => {
    setProblem(null);
    setBusy(true);
    try {
      const lib = await loadWebAuthn();
      if (!lib.browserSupportsWebAuthn()) {
        setProblem({ tone: 'error', text: UNSUPPORTED });
        return;
      }
      onSession(await ceremony(lib));
    } catch (error) {
      if (onRefused?.(error)) return;
      setProblem(passkeyProblem(error, 'sign-in'));
    } finally {
      setBusy(false);
    }
  };
  return { run, busy, problem };
}

// The server built these options with the WebAuthn library; the contract checks only their outer shape.
type RequestOptions = Parameters<Awaited<ReturnType<typeof loadWebAuthn>>['startAuthentication']>[0]['optionsJSON'];
const asRequestOptions = (options: { challenge: string }) => options as unknown as RequestOptions;

function CeremonyButton({
  label,
  ceremony,
  quiet = false,
  children,
}: {
  label: string;
  ceremony: ReturnType<typeof usePasskeyCeremony>;
  /** Among the second step's other ways (ghost buttons), not a way of its own. */
  quiet?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className={quiet ? styles.quiet : styles.passkey}>
      {children}
      <Button
        variant={quiet ? 'ghost' : 'secondary'}
        fullWidth={!quiet}
        loading={ceremony.busy}
        onClick={() => void ceremony.run()}
      >
        {label}
      </Button>
      {ceremony.problem && (
        <Notice tone={ceremony.problem.tone} role={ceremony.problem.tone === 'error' ? 'alert' : 'status'}>
          {ceremony.problem.text}
        </Notice>
      )}
    </div>
  );
}

/**
 * 'Sign in with a passkey' on the login page: any passkey of this site signs its account in (no
 * email typed; a passkey sign-in is not asked for a second factor). `onSession` is the same success
 * path as the password's.
 */
export function PasskeySignInButton({ onSession }: { onSession: OnSession }) {
  const ceremony = usePasskeyCeremony(async ({ startAuthentication }) => {
    const [{ passkeyLoginOptionsResponse }, { sessionResponse }] = await Promise.all([
      import('@helo/contract/passkeys'),
      import('@helo/contract/auth'),
    ]);
    const start = expectFound(await api.post('/v1/auth/passkey-login/options', {}, passkeyLoginOptionsResponse)).data;
    const credential = await startAuthentication({ optionsJSON: asRequestOptions(start.options) });
    const body = { challenge_id: start.challenge_id, credential };
    return expectFound(await api.post('/v1/auth/passkey-login', body, sessionResponse)).data;
  }, onSession);
  if (!webAuthnAvailable()) return null;
  return (
    <CeremonyButton label="Sign in with a passkey" ceremony={ceremony}>
      <p className={styles.or}>
        <span>or</span>
      </p>
    </CeremonyButton>
  );
}

/**
 * 'Use a passkey instead' in the second step of a sign-in with two-factor on, when the account has
 * a passkey (`methods` includes 'passkey'): it answers the password step's `challenge`.
 */
export function PasskeySecondFactorButton({
  challenge,
  onSession,
  onRefused,
}: {
  challenge: string;
  onSession: OnSession;
  /** Sees a failure first; true when it dealt with it (a challenge that is over: back to the password). */
  onRefused?: (error: unknown) => boolean;
}) {
  const ceremony = usePasskeyCeremony(
    async ({ startAuthentication }) => {
      const [{ passkeySecondFactorOptionsResponse }, { sessionResponse }] = await Promise.all([
        import('@helo/contract/passkeys'),
        import('@helo/contract/auth'),
      ]);
      const { options } = expectFound(
        await api.post('/v1/auth/login/2fa/passkey-options', { challenge }, passkeySecondFactorOptionsResponse),
      ).data;
      const credential = await startAuthentication({ optionsJSON: asRequestOptions(options) });
      return expectFound(await api.post('/v1/auth/login/2fa/passkey', { challenge, credential }, sessionResponse)).data;
    },
    onSession,
    onRefused,
  );
  if (!webAuthnAvailable()) return null;
  return <CeremonyButton quiet label="Use a passkey instead" ceremony={ceremony} />;
}
