import { loginBody, loginResponse, sessionResponse } from '@helo/contract/auth';
import {
  reauthCodeBody,
  reauthenticateResponse,
  reauthPasskeyOptionsResponse,
  reauthPasswordBody,
} from '@helo/contract/reauth';
import { loginTwoFactorBody } from '@helo/contract/two-factor';
import { useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Form } from '../../components/layout/form.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DialogActions, DialogFrame } from '../../components/ui/dialog.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { ApiError, errorEnvelope, expectFound } from '../../lib/api-client.ts';
import { api, startSession, useSession } from '../../lib/auth.ts';
import { authInterrupts } from '../../lib/auth-interrupt.ts';
import { useCurrentUserQuery } from '../../lib/current-user.ts';
import { useApiForm } from '../../lib/forms.ts';
import { loadWebAuthn, passkeyProblem } from '../auth/index.ts';
import styles from './auth-interrupt-dialog.module.css';

/**
 * The auth interrupt's dialog (lib/auth-interrupt.ts), mounted once in the signed-in layout: "Confirm
 * it's you" for a sensitive change (sudo mode), or "Your session ended" with a sign-in in place. The
 * call that asked waits behind it and goes again once it is settled; the page under it, and any
 * half-typed form, stay as they are.
 */
export function AuthInterruptDialog() {
  const kind = useSyncExternalStore(authInterrupts.subscribe, authInterrupts.current);
  // A cancel fails the waiting call with "Not done: …" (NOT_CONFIRMED) or "Not sent: …"
  // (NOT_SIGNED_IN), and the caller says it where it says its other failures: a button's toast, a
  // form's alert (heard inside a modal, where a toast is not). Said here too, it showed twice.
  const cancel = () => authInterrupts.settle(false);
  // The dialog has no trigger, so Radix has nowhere to put the focus back: it goes back to where
  // the person was when it opened (the busy button that made the call keeps the focus meanwhile).
  const returnTo = useRef<HTMLElement | null>(null);
  const open = kind !== null;
  // The password first each time it asks; the description says which proof the form asks for.
  const [withCode, setWithCode] = useState(false);
  useLayoutEffect(() => {
    if (!open) return;
    setWithCode(false);
    if (document.activeElement instanceof HTMLElement) returnTo.current = document.activeElement;
  }, [open]);
  const focusBack = (event: Event) => {
    const element = returnTo.current;
    returnTo.current = null;
    if (!element?.isConnected) return;
    event.preventDefault();
    element.focus();
  };
  return (
    <DialogFrame
      open={open}
      onOpenChange={(isOpen) => !isOpen && cancel()}
      onCloseAutoFocus={focusBack}
      title={kind === 'session-ended' ? 'Your session ended' : 'Confirm it’s you'}
      description={
        kind === 'session-ended'
          ? 'Your session ended. Sign in again to continue.'
          : `For your security, ${withCode ? 'enter a code from your authenticator app' : 'enter your password again'} to continue. We will not ask again for 5 minutes.`
      }
    >
      {kind === 'reauth' && <Reauthenticate withCode={withCode} onWithCode={setWithCode} />}
      {kind === 'session-ended' && <SignInAgain />}
    </DialogFrame>
  );
}

const done = () => authInterrupts.settle(true);

function Reauthenticate({ withCode, onWithCode }: { withCode: boolean; onWithCode: (withCode: boolean) => void }) {
  const security = useCurrentUserQuery().data?.security;
  return (
    <>
      {withCode ? <CodeProof /> : <PasswordProof />}
      {(security?.two_factor_enabled || (security?.passkeys ?? 0) > 0) && (
        <div className={styles.others}>
          {security?.two_factor_enabled && (
            <Button variant="ghost" size="sm" onClick={() => onWithCode(!withCode)}>
              {withCode ? 'Use your password instead' : 'Use a code from your authenticator app'}
            </Button>
          )}
          {(security?.passkeys ?? 0) > 0 && <PasskeyProof />}
        </div>
      )}
    </>
  );
}

function PasswordProof() {
  const form = useApiForm(reauthPasswordBody, async (body) => {
    expectFound(await api.post('/v1/auth/reauthenticate', body, reauthenticateResponse));
    done();
  });
  return (
    <Form onSubmit={form.onSubmit}>
      <FormAlert>{form.formError}</FormAlert>
      <TextField
        label="Your password"
        type="password"
        autoComplete="current-password"
        autoFocus
        error={form.formState.errors.password?.message}
        {...form.register('password')}
      />
      <DialogActions>
        <Button type="submit" loading={form.formState.isSubmitting}>
          Confirm
        </Button>
      </DialogActions>
    </Form>
  );
}

function CodeProof() {
  const form = useApiForm(reauthCodeBody, async (body) => {
    expectFound(await api.post('/v1/auth/reauthenticate', body, reauthenticateResponse));
    done();
  });
  return (
    <Form onSubmit={form.onSubmit}>
      <FormAlert>{form.formError}</FormAlert>
      <CodeField error={form.formState.errors.code?.message} {...form.register('code')} />
      <DialogActions>
        <Button type="submit" loading={form.formState.isSubmitting}>
          Confirm
        </Button>
      </DialogActions>
    </Form>
  );
}

type RequestOptions = Parameters<Awaited<ReturnType<typeof loadWebAuthn>>['startAuthentication']>[0]['optionsJSON'];

function PasskeyProof() {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const prove = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const { startAuthentication } = await loadWebAuthn();
      const start = expectFound(
        await api.post('/v1/auth/reauthenticate/passkey-options', {}, reauthPasskeyOptionsResponse),
      );
      const credential = await startAuthentication({ optionsJSON: start.data.options as unknown as RequestOptions });
      const body = { passkey: { challenge_id: start.data.challenge_id, credential } };
      expectFound(await api.post('/v1/auth/reauthenticate', body, reauthenticateResponse));
      done();
    } catch (error) {
      setProblem(passkeyProblem(error, 'sign-in').text);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="ghost" size="sm" loading={busy} onClick={() => void prove()}>
        Use a passkey
      </Button>
      <FormAlert>{problem}</FormAlert>
    </>
  );
}

function CodeField(props: Parameters<typeof TextField>[0] extends infer P ? Omit<P, 'label'> : never) {
  return (
    <TextField
      label="Authentication code"
      hint="The 6-digit code from your authenticator app, or one of your recovery codes."
      autoComplete="one-time-code"
      autoFocus
      {...props}
    />
  );
}

/**
 * A call made without the API client: the client waits behind this very dialog while the old
 * session is refused, so a sign-in through it would wait for itself.
 */
async function publicPost<T>(
  path: string,
  body: unknown,
  schema: { safeParse(v: unknown): { success: boolean; data?: T } },
) {
  const res = await fetch(`/api${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const payload: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    const error = errorEnvelope(payload);
    throw new ApiError(res.status, error.message ?? 'Something went wrong', error.errors);
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success || parsed.data === undefined) throw new ApiError(res.status, 'Something went wrong');
  return parsed.data;
}

const signInPassword = loginBody.pick({ password: true });
const signInCode = loginTwoFactorBody.pick({ code: true });

/** The same account signs in again (its address is kept), with the two-factor step when it has one. */
function SignInAgain() {
  const session = useSession();
  const email = session?.user.email ?? '';
  const [challenge, setChallenge] = useState<string | null>(null);
  const signedIn = (payload: Parameters<typeof startSession>[0]) => {
    startSession(payload);
    done();
  };
  const passwordForm = useApiForm(signInPassword, async ({ password }) => {
    const { data } = await publicPost('/v1/auth/login', { email, password }, loginResponse);
    if ('two_factor_required' in data) setChallenge(data.challenge);
    else signedIn(data);
  });
  const codeForm = useApiForm(signInCode, async ({ code }) => {
    signedIn((await publicPost('/v1/auth/login/2fa', { challenge, code }, sessionResponse)).data);
  });
  if (challenge) {
    return (
      <Form onSubmit={codeForm.onSubmit}>
        <p>Enter the code from your authenticator app to finish signing in.</p>
        <FormAlert>{codeForm.formError}</FormAlert>
        <CodeField error={codeForm.formState.errors.code?.message} {...codeForm.register('code')} />
        <DialogActions>
          <Button type="submit" loading={codeForm.formState.isSubmitting}>
            Sign in
          </Button>
        </DialogActions>
      </Form>
    );
  }
  return (
    <Form onSubmit={passwordForm.onSubmit}>
      <p className={styles.account}>
        Signing in as <strong>{email}</strong>
      </p>
      <FormAlert>{passwordForm.formError}</FormAlert>
      <TextField
        label="Your password"
        type="password"
        autoComplete="current-password"
        autoFocus
        error={passwordForm.formState.errors.password?.message}
        {...passwordForm.register('password')}
      />
      <DialogActions>
        <Button type="submit" loading={passwordForm.formState.isSubmitting}>
          Sign in
        </Button>
      </DialogActions>
    </Form>
  );
}
