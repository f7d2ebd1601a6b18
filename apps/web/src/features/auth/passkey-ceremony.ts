import { ApiError } from '../../lib/api-client.ts';
import { CONNECTION_PROBLEM } from '../../lib/server-errors.ts';

/**
 * The browser side of WebAuthn, loaded when a passkey button is pressed: the sign-in page does not
 * download it (its JavaScript budget), nor does Profile Settings until someone adds a passkey.
 */
export const loadWebAuthn = () => import('@simplewebauthn/browser');

/** What to tell the person after a passkey ceremony did not finish. */
export interface PasskeyProblem {
  /** 'info' when nothing went wrong: the person closed the browser's prompt. */
  tone: 'info' | 'error';
  text: string;
}

export const UNSUPPORTED = 'This browser cannot use passkeys. Try another browser, or sign in with your password.';

/**
 * The browser's prompt raises NotAllowedError when the person cancels it, lets it time out, or has no
 * passkey for this site: none is a fault, so the answer is calm. The server's refusals come as they
 * are (its words); a chunk that could not load is a connection problem.
 */
export function passkeyProblem(error: unknown, doing: 'sign-in' | 'register'): PasskeyProblem {
  if (error instanceof ApiError) return { tone: 'error', text: error.message };
  // A DOMException is not an Error in every realm (jsdom's is not): its name is what counts.
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  if (name === 'NotAllowedError' || name === 'AbortError') {
    return {
      tone: 'info',
      text:
        doing === 'register'
          ? 'No passkey was added. You can try again whenever you like.'
          : 'No passkey was used. Try again, or sign in with your password.',
    };
  }
  if (name === 'InvalidStateError') {
    return { tone: 'info', text: 'This device already has a passkey for your account.' };
  }
  if (name === 'NotSupportedError' || name === 'SecurityError') return { tone: 'error', text: UNSUPPORTED };
  return { tone: 'error', text: CONNECTION_PROBLEM };
}
