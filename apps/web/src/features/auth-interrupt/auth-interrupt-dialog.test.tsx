import { messageOnly } from '@helo/contract/envelope';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from '../../components/ui/button.tsx';
import { useApiAction } from '../../lib/api-action.ts';
import { NOT_CONFIRMED } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';
import { renderWithClient } from '../../test/render.tsx';
import { AuthInterruptDialog } from './auth-interrupt-dialog.tsx';

// The server, seen through the real API client with the real auth interrupt.
const server = vi.hoisted(() => ({ calls: [] as string[], elevated: false }));

vi.mock('../../lib/auth.ts', async () => {
  const { signedInStore, TEST_USER: user } = await import('../../test/api-client.ts');
  const { createApiClient } = await import('../../lib/api-client.ts');
  const { authInterrupts } = await import('../../lib/auth-interrupt.ts');
  const fetch = async (url: RequestInfo | URL, init?: RequestInit) => {
    const path = String(url).replace(/^\/api/, '');
    server.calls.push(`${init?.method ?? 'GET'} ${path}`);
    if (path === '/v1/auth/register') {
      const security = { two_factor_enabled: false, recovery_codes_left: 0, passkeys: 0 };
      const onboarding = { email_verified: true, member_since: '2026-01-01', goal_ids: [] };
      return Response.json({ data: { user, onboarding, security } });
    }
    if (path === '/v1/auth/reauthenticate') {
      server.elevated = true;
      return Response.json({ data: { elevated_until: '2026-01-01T00:05:00.000Z' } });
    }
    if (path === '/v1/sensitive') {
      if (!server.elevated)
        return Response.json({ message: 'Confirm it is you', reauth_required: true }, { status: 403 });
      return Response.json({ message: 'Changed', data: null });
    }
    return Response.json({ message: 'Not found' }, { status: 404 });
  };
  const store = signedInStore();
  return {
    api: createApiClient({
      store,
      onSessionEnded: () => undefined,
      fetch: fetch as typeof globalThis.fetch,
      loadSessionSchema: () => Promise.reject(new Error('no refresh in these tests')),
      interrupt: (kind) => authInterrupts.request(kind),
    }),
    useSession: () => store.get(),
    startSession: () => undefined,
  };
});

// What sonner would show: the toaster module is where the toasts leave the app.
const toasts: [string, string][] = [];
vi.mock('../../lib/toaster.tsx', () => ({
  mountToaster: async () => (type: string, text: string) => void toasts.push([type, text]),
}));
afterEach(() => {
  toasts.length = 0;
  server.calls.length = 0;
  server.elevated = false;
});

function SensitiveButton() {
  const change = useApiAction(async () => api.post('/v1/sensitive', {}, messageOnly), { success: 'Changed' });
  return (
    <Button loading={change.busy} onClick={() => void change.run()}>
      Change it
    </Button>
  );
}

async function pressAndWaitForTheDialog() {
  renderWithClient(
    <>
      <AuthInterruptDialog />
      <SensitiveButton />
    </>,
  );
  const user = userEvent.setup();
  const button = screen.getByRole('button', { name: 'Change it' });
  await user.click(button);
  const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
  await vi.waitFor(() => expect(within(dialog).getByLabelText('Your password')).toHaveFocus());
  return { user, button, dialog };
}

describe('the auth interrupt dialog', () => {
  it('cancelled: the call fails with one word of it, and the focus is back on the button that made it', async () => {
    const { user, button, dialog } = await pressAndWaitForTheDialog();
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(dialog).not.toBeInTheDocument());
    await vi.waitFor(() => expect(toasts).toEqual([['error', NOT_CONFIRMED]]));
    expect(button).toHaveFocus();
    expect(server.calls.filter((c) => c === 'POST /v1/sensitive')).toHaveLength(1);
    // Said once: nothing else is toasted a moment later.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(toasts).toHaveLength(1);
  });

  it('confirmed: the call goes again, and the focus is back on the button', async () => {
    const { user, button, dialog } = await pressAndWaitForTheDialog();
    await user.type(within(dialog).getByLabelText('Your password'), 'my-password-1');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(toasts).toEqual([['success', 'Changed']]));
    expect(dialog).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(server.calls.filter((c) => c.startsWith('POST'))).toEqual([
      'POST /v1/sensitive',
      'POST /v1/auth/reauthenticate',
      'POST /v1/sensitive',
    ]);
  });
});
