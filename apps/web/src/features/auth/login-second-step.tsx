import type { SessionPayload } from '@helo/contract/auth';
import { sessionResponse } from '@helo/contract/auth';
import type { TwoFactorChallenge } from '@helo/contract/two-factor';
import { useEffect, useState } from 'react';
import { Form } from '../../components/layout/form.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';
import { useLightForm } from '../../lib/light-form.ts';
import styles from './login-second-step.module.css';
import { PasskeySecondFactorButton } from './passkey-sign-in-button.tsx';
import { CHALLENGE_EXPIRED, type CodeKind, challengeOverMessage, secondStepSchema } from './second-step-code.ts';

export interface LoginSecondStepProps {
  challenge: TwoFactorChallenge;
  /** The second step answered: the same path as a sign-in without it (session stored, redirect). */
  onSession: (session: SessionPayload) => void;
  /** Back to the password step; with a message when the challenge can no longer be answered. */
  onRestart: (message?: string) => void;
}

/**
 * The sign-in's second step, in the login card: the authenticator app's code, or a recovery code.
 * Loaded only when a password step asks for it, so /login's first visit does not carry it.
 */
export function LoginSecondStep({ challenge, onSession, onRestart }: LoginSecondStepProps) {
  const [kind, setKind] = useState<CodeKind>('totp');

  // The server refuses an expired challenge too; going back on time saves typing a code for nothing.
  useEffect(() => {
    const timer = window.setTimeout(() => onRestart(CHALLENGE_EXPIRED), challenge.expires_in);
    return () => window.clearTimeout(timer);
  }, [challenge, onRestart]);

  return (
    <div className={styles.step}>
      {/* Keyed by kind: each kind has its own checks, loaded with its form. */}
      <CodeForm key={kind} kind={kind} challenge={challenge} onSession={onSession} onRestart={onRestart} />
      <div className={styles.ways}>
        <Button variant="ghost" onClick={() => setKind(kind === 'totp' ? 'recovery_code' : 'totp')}>
          {kind === 'totp' ? 'Use a recovery code instead' : 'Use your authenticator app instead'}
        </Button>
        {challenge.methods.includes('passkey') && (
          <PasskeySecondFactorButton
            challenge={challenge.challenge}
            onSession={onSession}
            onRefused={(error) => {
              const over = challengeOverMessage(error);
              if (over !== null) onRestart(over);
              return over !== null;
            }}
          />
        )}
      </div>
      <Button variant="secondary" onClick={() => onRestart()} fullWidth>
        Back
      </Button>
    </div>
  );
}

const COPY: Record<CodeKind, { label: string; intro: string }> = {
  totp: {
    label: 'Authentication code',
    intro: 'Enter the 6-digit code from your authenticator app.',
  },
  recovery_code: {
    label: 'Recovery code',
    intro: 'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each one works once.',
  },
};

function CodeForm({ kind, challenge, onSession, onRestart }: LoginSecondStepProps & { kind: CodeKind }) {
  const { errors, formError, isSubmitting, onSubmit, onChange, onFocus } = useLightForm(
    async () => secondStepSchema(kind),
    ['code'],
    async ({ code }) => {
      try {
        const body = { challenge: challenge.challenge, code };
        const { data } = expectFound(await api.post('/v1/auth/login/2fa', body, sessionResponse));
        onSession(data);
      } catch (error) {
        const over = challengeOverMessage(error);
        if (over === null) throw error;
        onRestart(over);
      }
    },
  );
  const copy = COPY[kind];

  return (
    <Form onSubmit={onSubmit} onChange={onChange} onFocus={onFocus}>
      <p className={styles.intro}>{copy.intro}</p>
      <FormAlert>{formError}</FormAlert>
      {kind === 'totp' ? (
        <TextField
          label={copy.label}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          // The card's only field, right after the person's password: the typing goes there at once.
          autoFocus
          error={errors.code}
        />
      ) : (
        <TextField
          label={copy.label}
          name="code"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          // The field the person just asked for with the toggle.
          autoFocus
          error={errors.code}
        />
      )}
      <Button type="submit" loading={isSubmitting} fullWidth>
        Verify
      </Button>
    </Form>
  );
}
