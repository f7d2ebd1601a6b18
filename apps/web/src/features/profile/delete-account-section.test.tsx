import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient } from '../../test/render.tsx';
import { DeleteAccountSection } from './delete-account-section.tsx';

interface Call {
  method: string;
  path: string;
  body: unknown;
}

// The server, seen through the real API client (so its answers are checked against the contract).
const server = vi.hoisted(() => ({
  calls: [] as Call[],
  twoFactor: false,
  deletion: (_body: Record<string, string>): Response => Response.json({ message: 'Deleted', data: null }),
  loggedOut: [] as unknown[],
}));

vi.mock('../../lib/auth.ts', async () => {
  const { signedInStore, TEST_USER: user, testApiClient } = await import('../../test/api-client.ts');
  const fetch = async (url: RequestInfo | URL, init?: RequestInit) => {
    const path = String(url).replace(/^\/api/, '');
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    server.calls.push({ method: init?.method ?? 'GET', path, body });
    if (path === '/v1/auth/register') {
      const security = { two_factor_enabled: server.twoFactor, recovery_codes_left: 0, passkeys: 0 };
      const onboarding = { email_verified: true, member_since: '2026-01-01', goal_ids: [] };
      return Response.json({ data: { user, onboarding, security } });
    }
    if (path === '/v1/account' && init?.method === 'DELETE') return server.deletion(body);
    return Response.json({ message: 'Not found' }, { status: 404 });
  };
  const store = signedInStore();
  return {
    api: testApiClient(fetch, store),
    useSession: () => store.get(),
    logout: async (options: unknown) => {
      server.loggedOut.push(options);
    },
  };
});

beforeEach(() => {
  server.calls.length = 0;
  server.loggedOut.length = 0;
  server.twoFactor = false;
  server.deletion = () => Response.json({ message: 'Deleted', data: null });
});

async function openDialog() {
  renderWithClient(<DeleteAccountSection />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Delete my account…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
  await within(dialog).findByLabelText('Your password', { selector: 'input' });
  return { user, dialog };
}

describe('Delete my account', () => {
  it('names what is lost and asks only the password when two-factor sign-in is off', async () => {
    const { user, dialog } = await openDialog();
    expect(dialog).toHaveTextContent('This cannot be undone.');
    expect(dialog).toHaveTextContent('your loans and their payoff plans');
    expect(within(dialog).queryByLabelText('Authentication code')).toBeNull();

    await user.type(within(dialog).getByLabelText('Your password', { selector: 'input' }), 'my-password-1');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await vi.waitFor(() => expect(server.loggedOut).toHaveLength(1));
    expect(server.calls.find((c) => c.method === 'DELETE')?.body).toEqual({ password: 'my-password-1' });
    // The server ended the sessions: the way out does not call it again, and /login says why.
    expect(server.loggedOut[0]).toEqual({ tellServer: false, to: '/login?account=deleted' });
  });

  it('asks a code too when two-factor sign-in is on, and sends it', async () => {
    server.twoFactor = true;
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Your password', { selector: 'input' }), 'my-password-1');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Code is required')).toBeInTheDocument();
    expect(server.calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.type(within(dialog).getByLabelText('Authentication code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await vi.waitFor(() => expect(server.loggedOut).toHaveLength(1));
    expect(server.calls.find((c) => c.method === 'DELETE')?.body).toEqual({
      password: 'my-password-1',
      code: '123456',
    });
  });

  it('a wrong password is said on its field and nobody is signed out', async () => {
    server.deletion = () =>
      Response.json(
        {
          message: 'Your password is incorrect',
          errors: [{ path: 'password', message: 'Your password is incorrect' }],
        },
        { status: 400 },
      );
    const { user, dialog } = await openDialog();
    const password = within(dialog).getByLabelText('Your password', { selector: 'input' });
    await user.type(password, 'not-it');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Your password is incorrect')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(server.loggedOut).toEqual([]);
  });
});
