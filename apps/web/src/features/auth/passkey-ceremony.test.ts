import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { passkeyProblem } from './passkey-ceremony.ts';

const domError = (name: string) => Object.assign(new Error('from the browser'), { name });

describe('passkeyProblem', () => {
  it('a cancelled prompt is calm news, not an error', () => {
    expect(passkeyProblem(domError('NotAllowedError'), 'sign-in')).toEqual({
      tone: 'info',
      text: 'No passkey was used. Try again, or sign in with your password.',
    });
    expect(passkeyProblem(domError('AbortError'), 'register').tone).toBe('info');
  });

  it('a device that already holds a passkey for the account says so', () => {
    expect(passkeyProblem(domError('InvalidStateError'), 'register').text).toBe(
      'This device already has a passkey for your account.',
    );
  });

  it("the server's refusal is said in its words", () => {
    expect(passkeyProblem(new ApiError(400, 'This passkey is not known'), 'sign-in')).toEqual({
      tone: 'error',
      text: 'This passkey is not known',
    });
  });

  it('a browser without passkeys is told so', () => {
    expect(passkeyProblem(domError('NotSupportedError'), 'sign-in').text).toMatch(/cannot use passkeys/);
  });
});
