import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from './login-page.tsx';

interface Call {
  path: string;
  body: Record<string, string>;
}

// The server, seen through the real API client (so its answers are checked against the contract).
const calls: Call[] = [];
let secondStep: (body: Record<string, string>) => Response;
const session = {
  access_token: 'a',
  refresh_token: 'r',
  expires_in: 900_000,
  user: { id: 'u1', first_name: 'Sam', last_name: 'Rivera', email: 'sam@example.com', email_verified: true },
};
const WRONG = 'That code is not right. Enter the current code from your authenticator app, or a recovery code.';

function answer(path: string, body: Record<string, string>): Response {
  calls.push({ path, body });
  if (path === '/v1/auth/login') {
    const challenge = { two_factor_required: true, challenge: 'c1', expires_in: 300_000, methods: ['totp'] };
    return Response.json({ message: 'Enter a code', data: challenge });
  }
  return secondStep(body);
}

const started = vi.hoisted(() => ({ sessions: [] as unknown[] }));
vi.mock('../../lib/auth.ts', async () => {
  const { testApiClient } = await import('../../test/api-client.ts');
  const fetch = async (url: RequestInfo | URL, init?: RequestInit) =>
    answer(String(url).replace(/^\/api/, ''), JSON.parse(String(init?.body ?? '{}')));
  return {
    api: testApiClient(fetch),
    startSession: (payload: unknown) => started.sessions.push(payload),
  };
});

beforeEach(() => {
  calls.length = 0;
  started.sessions.length = 0;
  secondStep = () => Response.json({ message: 'Logged in successfully', data: session });
});

async function toSecondStep(entry = '/login') {
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/dashboard/home" element={<h1>Home</h1>} />
        <Route path="/dashboard/my-wallet" element={<h1>My Wallet</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), 'sam@example.com');
  await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'quiet-meadow-lantern-58');
  await user.click(screen.getByRole('button', { name: 'Log In' }));
  const code = await screen.findByLabelText('Authentication code');
  return { user, code };
}

describe('the second step of a sign-in with two-factor on', () => {
  it('returns to the page asked for (next) once the code is accepted', async () => {
    const { user, code } = await toSecondStep('/login?next=%2Fdashboard%2Fmy-wallet');
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'My Wallet' })).toBeInTheDocument();
  });

  it('ignores a next that points at another site', async () => {
    const { user, code } = await toSecondStep(`/login?next=${encodeURIComponent('//evil.example/x')}`);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });

  it('asks for the code in the same card, focused, and sends it with the challenge as six digits', async () => {
    const { user, code } = await toSecondStep();
    expect(screen.getByRole('heading', { name: 'Log in to Helo' })).toBeInTheDocument();
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(started.sessions).toEqual([]);

    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({ path: '/v1/auth/login/2fa', body: { challenge: 'c1', code: '123456' } });
    expect(started.sessions).toEqual([session]);
  });

  it('names a code that is not six digits on the field without asking the server', async () => {
    const { user, code } = await toSecondStep();
    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6 digits your authenticator app shows')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(calls.map((c) => c.path)).toEqual(['/v1/auth/login']);
  });

  it('shows a wrong code on the field, focused for the next try, and stays on the step', async () => {
    secondStep = () => Response.json({ message: WRONG, errors: [{ path: 'code', message: WRONG }] }, { status: 400 });
    const { user, code } = await toSecondStep();
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(WRONG)).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('takes a recovery code instead, as typed', async () => {
    const { user } = await toSecondStep();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const recovery = screen.getByLabelText('Recovery code');
    expect(recovery).toHaveFocus();
    await user.type(recovery, 'ABCD-efgh-ijkl-mnop-qrst-uvwx');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { name: 'Home' });
    expect(calls.at(-1)?.body).toEqual({ challenge: 'c1', code: 'ABCD-efgh-ijkl-mnop-qrst-uvwx' });
  });

  it("goes back to the password step with the server's reason when the challenge is over", async () => {
    const over = 'This sign-in has expired or was already used. Please log in again.';
    secondStep = () => Response.json({ message: over }, { status: 401 });
    const { user, code } = await toSecondStep();
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(over);
    expect(screen.getByLabelText('Email')).toHaveValue('sam@example.com');
    expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveFocus();
    expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveValue('');
  });

  it('Back returns to the password step without a message', async () => {
    const { user } = await toSecondStep();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Email')).toHaveValue('sam@example.com');
  });
});
