import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PasskeySecondFactorButton, PasskeySignInButton } from './passkey-sign-in-button.tsx';

const session = {
  access_token: 'a',
  refresh_token: 'r',
  expires_in: 900_000,
  user: { id: 'u1', first_name: 'Sam', last_name: 'Rivera', email: 'sam@example.com', email_verified: true },
};

// The server and the browser's WebAuthn, as the button sees them.
const world = vi.hoisted(() => ({
  calls: [] as { path: string; body: unknown }[],
  answers: {} as Record<string, () => Response>,
  prompt: vi.fn(),
}));

vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => true,
  startAuthentication: world.prompt,
}));

vi.mock('../../lib/auth.ts', async () => {
  const { testApiClient } = await import('../../test/api-client.ts');
  const fetch = async (url: RequestInfo | URL, init?: RequestInit) => {
    const path = String(url).replace(/^\/api/, '');
    world.calls.push({ path, body: JSON.parse(String(init?.body ?? '{}')) });
    return world.answers[path]?.() ?? Response.json({ message: 'Not found' }, { status: 404 });
  };
  return {
    api: testApiClient(fetch),
  };
});

const credential = { id: 'abc', rawId: 'abc', type: 'public-key', response: { clientDataJSON: 'eyJ9' } };

beforeEach(() => {
  world.calls.length = 0;
  world.prompt.mockReset();
  world.answers = {
    '/v1/auth/passkey-login/options': () =>
      Response.json({ data: { challenge_id: 'ch-1', options: { challenge: 'xyz', rpId: 'localhost' } } }),
    '/v1/auth/passkey-login': () => Response.json({ message: 'Logged in successfully', data: session }),
    '/v1/auth/login/2fa/passkey-options': () => Response.json({ data: { options: { challenge: 'pqr' } } }),
    '/v1/auth/login/2fa/passkey': () => Response.json({ message: 'Logged in successfully', data: session }),
  };
  // jsdom has no WebAuthn: without it the button is not offered at all.
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
});

afterEach(() => vi.unstubAllGlobals());

describe('Sign in with a passkey', () => {
  it("answers the server's challenge with the browser's passkey and hands over the session", async () => {
    world.prompt.mockResolvedValue(credential);
    const onSession = vi.fn();
    render(<PasskeySignInButton onSession={onSession} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await vi.waitFor(() => expect(onSession).toHaveBeenCalledWith(session));
    expect(world.prompt).toHaveBeenCalledWith({ optionsJSON: { challenge: 'xyz', rpId: 'localhost' } });
    expect(world.calls.at(-1)).toEqual({ path: '/v1/auth/passkey-login', body: { challenge_id: 'ch-1', credential } });
  });

  it('a closed prompt is said calmly and signs nobody in', async () => {
    world.prompt.mockRejectedValue(
      new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'),
    );
    const onSession = vi.fn();
    render(<PasskeySignInButton onSession={onSession} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'No passkey was used. Try again, or sign in with your password.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onSession).not.toHaveBeenCalled();
    expect(world.calls.map((c) => c.path)).toEqual(['/v1/auth/passkey-login/options']);
  });

  it("a passkey the server does not know is the server's words, as an alert", async () => {
    world.prompt.mockResolvedValue(credential);
    world.answers['/v1/auth/passkey-login'] = () =>
      Response.json({ message: 'This passkey is not registered with Helo.' }, { status: 401 });
    render(<PasskeySignInButton onSession={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This passkey is not registered with Helo.');
  });

  it('is not offered by a browser without WebAuthn', () => {
    vi.unstubAllGlobals();
    render(<PasskeySignInButton onSession={vi.fn()} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('Use a passkey instead (second step)', () => {
  it("answers the password step's challenge", async () => {
    world.prompt.mockResolvedValue(credential);
    const onSession = vi.fn();
    render(<PasskeySecondFactorButton challenge="login-ch" onSession={onSession} />);
    await userEvent.click(screen.getByRole('button', { name: 'Use a passkey instead' }));
    await vi.waitFor(() => expect(onSession).toHaveBeenCalledWith(session));
    expect(world.calls).toEqual([
      { path: '/v1/auth/login/2fa/passkey-options', body: { challenge: 'login-ch' } },
      { path: '/v1/auth/login/2fa/passkey', body: { challenge: 'login-ch', credential } },
    ]);
  });

  it('hands a refusal to the page first (a challenge that is over goes back to the password)', async () => {
    world.answers['/v1/auth/login/2fa/passkey-options'] = () =>
      Response.json({ message: 'Please log in again.' }, { status: 401 });
    const onRefused = vi.fn(() => true);
    render(<PasskeySecondFactorButton challenge="login-ch" onSession={vi.fn()} onRefused={onRefused} />);
    await userEvent.click(screen.getByRole('button', { name: 'Use a passkey instead' }));
    await vi.waitFor(() => expect(onRefused).toHaveBeenCalledWith(expect.objectContaining({ status: 401 })));
    expect(world.prompt).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
