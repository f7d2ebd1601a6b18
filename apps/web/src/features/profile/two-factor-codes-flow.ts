import { recoveryCodesResponse, twoFactorCodeBody } from '@helo/contract/two-factor';
import { useState } from 'react';
import { expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';
import { useApiForm } from '../../lib/forms.ts';
import { toastSuccess } from '../../lib/toast.ts';

/**
 * The recovery codes a dialog shows once it has them. Closing forgets them, so the next opening
 * starts at the form again and never shows an old set.
 */
export function useShownRecoveryCodes(onClose: () => void) {
  const [codes, setCodes] = useState<string[] | null>(null);
  const close = () => {
    setCodes(null);
    onClose();
  };
  return { codes, show: setCodes, close };
}

/**
 * The form for a code from the authenticator app whose answer is a new set of recovery codes:
 * turning two-factor sign-in on and getting new codes post the same body and get the same answer.
 */
export function useCodeForRecoveryCodes(
  path: '/v1/auth/2fa/enable' | '/v1/auth/2fa/recovery-codes',
  successFallback: string,
  onCodes: (codes: string[]) => void,
) {
  return useApiForm(twoFactorCodeBody, async (values) => {
    const { data, message } = expectFound(await api.post(path, values, recoveryCodesResponse));
    toastSuccess(message, successFallback);
    onCodes(data.recovery_codes);
  });
}
