import { TOOLS } from '@helo/contract/tools';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient } from '../../test/render.tsx';
import { ToolsPage } from './tools-page.tsx';

// The server, seen through the real API client (its answers are checked against the contract):
// the user's waitlists, and the status the next join or leave gets.
const joined = new Map<string, string>();
let refuseWith: number | null = null;
let release: Promise<void> = Promise.resolve();
const tool = (id: string) => {
  const t = TOOLS.find((x) => x.id === id);
  if (!t) return null;
  const at = joined.get(id) ?? null;
  return { ...t, on_waitlist: at !== null, joined_at: at };
};

vi.mock('../../lib/auth.ts', async () => {
  const { testApiClient } = await import('../../test/api-client.ts');
  const fetch = async (url: RequestInfo | URL, init?: RequestInit) => {
    const path = String(url);
    if (path === '/api/v1/tools') return Response.json({ data: TOOLS.map((t) => tool(t.id)) });
    const id = /^\/api\/v1\/tools\/([^/]+)\/waitlist$/.exec(path)?.[1] ?? '';
    await release;
    if (refuseWith) return Response.json({ message: 'Something broke on our side' }, { status: refuseWith });
    if (init?.method === 'POST') {
      joined.set(id, '2026-11-21T12:00:00.000Z');
      return Response.json({ message: `You're on the ${tool(id)?.name} waitlist`, data: tool(id) }, { status: 201 });
    }
    joined.delete(id);
    return Response.json({ message: `You left the ${tool(id)?.name} waitlist`, data: tool(id) });
  };
  return {
    api: testApiClient(fetch),
  };
});

const toasts: [string, string][] = [];
vi.mock('../../lib/toaster.tsx', () => ({
  mountToaster: async () => (type: string, text: string) => void toasts.push([type, text]),
}));

beforeEach(() => {
  joined.clear();
  refuseWith = null;
  release = Promise.resolve();
});
afterEach(() => {
  toasts.length = 0;
});

function renderPage() {
  renderWithClient(<ToolsPage />, '/dashboard/tools');
}
const card = (name: string) => screen.getByRole('article', { name });

describe('ToolsPage', () => {
  it('shows one card per tool with its description and a button to join', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Coming soon to Helo' })).toBeDefined();
    expect(screen.getAllByRole('article')).toHaveLength(TOOLS.length);
    const planner = card('Tax planner');
    expect(within(planner).getByText(/federal tax/)).toBeDefined();
    expect(within(planner).getByRole('button', { name: 'Join the waitlist for Tax planner' })).toBeDefined();
  });

  it('joins and leaves, by keyboard, with the focus kept on the button and a toast each time', async () => {
    const user = userEvent.setup();
    renderPage();
    const button = await screen.findByRole('button', { name: 'Join the waitlist for Credit score tracker' });
    button.focus();
    await user.keyboard('{Enter}');
    const leave = await within(card('Credit score tracker')).findByRole('button', {
      name: 'Leave the waitlist for Credit score tracker',
    });
    expect(within(card('Credit score tracker')).getByText("You're on the list")).toBeDefined();
    expect(within(card('Credit score tracker')).getByText('Joined on Nov 21, 2026')).toBeDefined();
    expect(document.activeElement).toBe(leave);
    await waitFor(() => expect(toasts).toEqual([['success', "You're on the Credit score tracker waitlist"]]));

    await user.keyboard(' ');
    expect(
      await within(card('Credit score tracker')).findByRole('button', { name: /^Join the waitlist/ }),
    ).toBeDefined();
    expect(within(card('Credit score tracker')).queryByText("You're on the list")).toBeNull();
    await waitFor(() => expect(toasts.at(-1)).toEqual(['success', 'You left the Credit score tracker waitlist']));
  });

  it('shows no change the server refused: the card stays as it was and the error is toasted', async () => {
    const user = userEvent.setup();
    renderPage();
    let open = () => {};
    release = new Promise((resolve) => {
      open = resolve;
    });
    refuseWith = 500;
    await user.click(await screen.findByRole('button', { name: 'Join the waitlist for Bill calendar' }));
    // While the server thinks, the button is busy and the card does not claim the user joined.
    const busy = within(card('Bill calendar')).getByRole('button', { name: /Join the waitlist/ });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(within(card('Bill calendar')).queryByText("You're on the list")).toBeNull();
    open();
    await waitFor(() => expect(toasts).toEqual([['error', 'Something broke on our side']]));
    expect(within(card('Bill calendar')).queryByText("You're on the list")).toBeNull();
    expect(within(card('Bill calendar')).getByRole('button', { name: /Join the waitlist/ })).toBeDefined();
  });
});
