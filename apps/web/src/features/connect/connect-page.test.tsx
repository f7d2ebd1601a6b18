import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient, testQueryClient } from '../../test/render.tsx';
import { SAVE_FAILED } from './connect-form.tsx';
import { ConnectPage } from './connect-page.tsx';

interface Call {
  method: string;
  path: string;
  body: unknown;
}

// The server, seen through the real API client (so its answers are checked against the contract).
let stored: Record<string, unknown> | null = null;
let failWith: number | null = null;
const calls: Call[] = [];

function answer(method: string, path: string, body: unknown): Response {
  calls.push({ method, path, body });
  if (path === '/v1/notifications') return Response.json({ data: [], next_cursor: null, unread_count: 1 });
  if (failWith) return Response.json({ message: 'Internal server error' }, { status: failWith });
  const saved = () => {
    stored = {
      id: 'r1',
      ...(body as object),
      created_at: '2026-11-21T12:00:00.000Z',
      updated_at: '2026-11-21T12:00:00.000Z',
    };
    return stored;
  };
  if (method === 'GET') {
    return stored
      ? Response.json({ data: stored })
      : Response.json({ message: 'No advisor request yet' }, { status: 404 });
  }
  if (method === 'POST') {
    if (stored) return Response.json({ message: 'You have already sent an advisor request.' }, { status: 409 });
    return Response.json({ message: 'Your request has been sent', data: saved() }, { status: 201 });
  }
  if (!stored) return Response.json({ message: 'No advisor request yet' }, { status: 404 });
  return Response.json({ message: 'Your request has been updated', data: saved() });
}

vi.mock('../../lib/auth.ts', async () => {
  const { testApiClient } = await import('../../test/api-client.ts');
  const fetch = async (url: RequestInfo | URL, init?: RequestInit) =>
    answer(
      init?.method ?? 'GET',
      String(url).replace(/^\/api/, ''),
      init?.body ? JSON.parse(String(init.body)) : undefined,
    );
  return {
    api: testApiClient(fetch),
  };
});

beforeEach(() => {
  stored = null;
  failWith = null;
  calls.length = 0;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

function renderPage() {
  const client = testQueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  renderWithClient(
    <Routes>
      <Route path="/dashboard/chat" element={<ConnectPage />} />
      <Route path="/dashboard/home" element={<h1>Home</h1>} />
    </Routes>,
    '/dashboard/chat',
    client,
  );
  return { invalidate };
}

const saves = () => calls.filter((c) => c.method !== 'GET');
const satisfaction = () => screen.queryByRole('group', { name: 'How satisfied are you with them?' });

describe('Connect with an Advisor', () => {
  it('asks how satisfied they are only while the answer is yes (the default)', async () => {
    renderPage();
    const works = await screen.findByRole('group', { name: 'Do you already work with a financial professional?' });
    expect(within(works).getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(satisfaction()).toBeInTheDocument();
    await userEvent.click(within(works).getByRole('radio', { name: 'No' }));
    expect(satisfaction()).not.toBeInTheDocument();
    await userEvent.click(within(works).getByRole('radio', { name: 'Yes' }));
    expect(satisfaction()).toBeInTheDocument();
  });

  it('names what is missing, on its question, and sends nothing', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Send request' }));
    const professionals = screen.getByRole('group', { name: 'Which professionals do you need?' });
    expect(professionals).toHaveAccessibleDescription('Choose all that apply. Choose at least one professional');
    expect(satisfaction()).toHaveAccessibleDescription('Choose how satisfied you are');
    expect(saves()).toEqual([]);
  });

  it('creates the request when there is none, refreshes the bell, then thanks and closes to home', async () => {
    const { invalidate } = renderPage();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Accountant' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Mortgage Broker' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Very satisfied' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));

    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeInTheDocument();
    expect(saves()).toEqual([
      {
        method: 'POST',
        path: '/v1/user-connect',
        body: {
          professionals_need: ['Accountant', 'Mortgage Broker'],
          has_working_professional: true,
          satisfaction_level: 'very_satisfied',
        },
      },
    ]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['notifications'] });
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });

  it('fills the form with the answers sent before, and updates them (PUT) without a satisfaction level for a no', async () => {
    stored = {
      id: 'r1',
      professionals_need: ['Financial Coach'],
      has_working_professional: true,
      satisfaction_level: 'dissatisfied',
      created_at: '2026-11-01T12:00:00.000Z',
      updated_at: '2026-11-02T12:00:00.000Z',
    };
    renderPage();
    expect(await screen.findByRole('checkbox', { name: 'Financial Coach' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Accountant' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Dissatisfied' })).toBeChecked();
    expect(screen.getByText(/You sent your request on November 2, 2026/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Real Estate Agent' }));
    await userEvent.click(screen.getByRole('radio', { name: 'No' }));
    await userEvent.click(screen.getByRole('button', { name: 'Update request' }));
    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeInTheDocument();
    expect(screen.getByText(/^We received your updated request\./)).toBeInTheDocument();
    expect(saves()).toEqual([
      {
        method: 'PUT',
        path: '/v1/user-connect',
        body: {
          professionals_need: ['Financial Coach', 'Real Estate Agent'],
          has_working_professional: false,
          satisfaction_level: null,
        },
      },
    ]);
  });

  it('updates instead when another tab created the request meanwhile (409)', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Accountant' }));
    await userEvent.click(screen.getByRole('radio', { name: 'No' }));
    stored = {
      id: 'r0',
      professionals_need: ['Accountant'],
      has_working_professional: false,
      satisfaction_level: null,
    };
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeInTheDocument();
    expect(saves().map((c) => c.method)).toEqual(['POST', 'PUT']);
  });

  it('keeps the form with a short alert when the save fails, and logs the error', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Accountant' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Satisfied' }));
    failWith = 500;
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SAVE_FAILED);
    expect(screen.getByRole('checkbox', { name: 'Accountant' })).toBeChecked();
    expect(screen.queryByRole('heading', { name: 'Thank you!' })).not.toBeInTheDocument();
    expect(console.error).toHaveBeenCalled();

    failWith = null;
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeInTheDocument();
  });
});
