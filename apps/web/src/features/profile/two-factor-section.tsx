import type { SecurityInfo } from '@helo/contract/two-factor';
import { twoFactorSetupResponse } from '@helo/contract/two-factor';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { Notice } from '../../components/layout/notice.tsx';
import { Panel } from '../../components/layout/panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useApiAction } from '../../lib/api-action.ts';
import { expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';
import { CURRENT_USER_KEY, useCurrentUserQuery } from '../../lib/current-user.ts';
import { TwoFactorDisableDialog } from './two-factor-disable-dialog.tsx';
import { TwoFactorNewCodesDialog } from './two-factor-new-codes-dialog.tsx';
import styles from './two-factor-section.module.css';
import { type TwoFactorSetup, TwoFactorSetupDialog } from './two-factor-setup-dialog.tsx';
import { FEW_RECOVERY_CODES, recoveryCodesLeftText } from './two-factor-text.ts';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** 'Two-factor sign-in' in Profile Settings: its state, and the dialogs that change it. */
export function TwoFactorSection() {
  const info = useCurrentUserQuery();
  const client = useQueryClient();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [dialog, setDialog] = useState<'new-codes' | 'disable' | null>(null);
  const actions = useRef<HTMLDivElement>(null);

  const reread = () => client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
  // The button that opened a dialog may be gone when it closes (Turn on → on): the focus goes to
  // the section's first button as it is then.
  const focusActions = (event: Event) => {
    event.preventDefault();
    actions.current?.querySelector('button')?.focus();
  };
  const start = useApiAction(async () => {
    const result = expectFound(await api.post('/v1/auth/2fa/setup', {}, twoFactorSetupResponse));
    setSetup(result.data);
    return result;
  });

  if (!info.data) {
    return (
      <Panel title="Two-factor sign-in">
        {info.isError ? (
          <FormAlert>Your sign-in settings could not be loaded. Please reload.</FormAlert>
        ) : (
          <Spinner label="Loading" />
        )}
      </Panel>
    );
  }
  const { security, user } = info.data;

  return (
    <Panel title="Two-factor sign-in">
      {security.two_factor_enabled ? (
        <OnStatus security={security} />
      ) : (
        <MutedText>
          Add a second step to signing in: after your password, Helo asks for a 6-digit code from an authenticator app
          on your phone. Someone who learns your password still cannot get in.
        </MutedText>
      )}
      <div ref={actions} className={styles.actions}>
        {security.two_factor_enabled ? (
          <>
            <Button variant="secondary" onClick={() => setDialog('new-codes')}>
              Get new recovery codes
            </Button>
            <Button variant="secondary" onClick={() => setDialog('disable')}>
              Turn off
            </Button>
          </>
        ) : (
          <Button onClick={() => void start.run()} loading={start.busy}>
            Turn on
          </Button>
        )}
      </div>
      <TwoFactorSetupDialog
        setup={setup}
        email={user.email}
        onEnabled={() => void reread()}
        onClose={() => setSetup(null)}
        onCloseAutoFocus={focusActions}
      />
      <TwoFactorNewCodesDialog
        open={dialog === 'new-codes'}
        email={user.email}
        onMade={() => void reread()}
        onClose={() => setDialog(null)}
        onCloseAutoFocus={focusActions}
      />
      <TwoFactorDisableDialog
        open={dialog === 'disable'}
        onDisabled={reread}
        onClose={() => setDialog(null)}
        onCloseAutoFocus={focusActions}
      />
    </Panel>
  );
}

function OnStatus({ security }: { security: SecurityInfo }) {
  const left = security.recovery_codes_left;
  return (
    <>
      <p className={styles.status}>
        <span className={styles.badge}>On</span>
        {security.two_factor_on_since && <span>since {day.format(new Date(security.two_factor_on_since))}</span>}
      </p>
      <MutedText>Signing in asks for your password and a code from your authenticator app.</MutedText>
      {left <= FEW_RECOVERY_CODES ? (
        <Notice tone="error">
          {recoveryCodesLeftText(left)}. Get new ones, so that losing your phone does not lock you out.
        </Notice>
      ) : (
        <p>{recoveryCodesLeftText(left)}</p>
      )}
    </>
  );
}
