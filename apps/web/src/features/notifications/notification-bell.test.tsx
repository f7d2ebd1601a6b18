import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient } from '../../test/render.tsx';
import { NotificationBell } from './notification-bell.tsx';

// 120 notifications on the server, served 50 at a time as the API does; 7 of them unread.
const all = Array.from({ length: 120 }, (_, i) => ({
  _id: `n${i}`,
  title: `Notice ${i}`,
  message: 'm',
  date: new Date(Date.UTC(2026, 10, 20, 12, 0, 0) - i * 60_000).toISOString(),
  is_read: i >= 7,
}));

// The server, seen through the real API client (so its answers are checked against the contract).
const get = vi.fn(async (path: string) => {
  const cursor = new URL(path, 'http://x').searchParams.get('cursor');
  const start = cursor ? Number(cursor) : 0;
  const data = all.slice(start, start + 50);
  const next = start + 50 < all.length ? String(start + 50) : null;
  return { data, next_cursor: next, unread_count: 7 };
});
vi.mock('../../lib/auth.ts', async () => {
  const { testApiClient } = await import('../../test/api-client.ts');
  const fetch = async (url: RequestInfo | URL) =>
    Response.json(await get(String(url).replace(/^\/api/, '')), { status: 200 });
  return {
    api: testApiClient(fetch),
  };
});

// jsdom has no IntersectionObserver: this one reports an element as visible when told to.
let reveal: () => void = () => {};
class FakeObserver {
  private readonly callback: IntersectionObserverCallback;
  constructor(callback: IntersectionObserverCallback) {
    this.callback = callback;
  }
  observe(target: Element) {
    reveal = () => this.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as never);
  }
  disconnect() {}
}

beforeEach(() => {
  get.mockClear();
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => vi.unstubAllGlobals());

function renderBell() {
  renderWithClient(
    <MemoryRouter>
      <NotificationBell />
    </MemoryRouter>,
  );
}

const shown = () => within(screen.getByRole('region', { name: 'Notifications' })).getAllByRole('listitem').length;

describe('the notification panel', () => {
  it('counts every unread notification, not only the loaded page', async () => {
    renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications, 7 unread' })).toBeInTheDocument();
  });

  it('leads to the page of every notification', async () => {
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: /Notifications, 7 unread/ }));
    const link = await screen.findByRole('link', { name: 'See all notifications' });
    expect(link).toHaveAttribute('href', '/dashboard/notifications');
    await userEvent.click(link);
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('loads older pages when its end scrolls into view, until there are none', async () => {
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: /Notifications, 7 unread/ }));
    await screen.findByRole('region', { name: 'Notifications' }); // the panel's chunk has loaded
    expect(shown()).toBe(50);
    reveal();
    await vi.waitFor(() => expect(shown()).toBe(100));
    reveal();
    await vi.waitFor(() => expect(shown()).toBe(120));
    expect(screen.queryByRole('button', { name: 'Show older notifications' })).not.toBeInTheDocument();
    expect(get.mock.calls.map(([path]) => path)).toEqual([
      '/v1/notifications',
      '/v1/notifications?cursor=50',
      '/v1/notifications?cursor=100',
    ]);
  });

  it('loads older pages from a button, for people who do not scroll', async () => {
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: /Notifications, 7 unread/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Show older notifications' }));
    await vi.waitFor(() => expect(shown()).toBe(100));
  });

  it.each([
    ['Escape', async () => userEvent.keyboard('{Escape}')],
    ['the close button', async () => userEvent.click(screen.getByRole('button', { name: 'Close notifications' }))],
  ])('gives the focus back to the bell when closed with %s', async (_how, closeIt) => {
    renderBell();
    const bell = await screen.findByRole('button', { name: /Notifications, 7 unread/ });
    await userEvent.click(bell);
    await userEvent.click(
      (await screen.findByRole('button', { name: 'Mark all as Read' })).parentElement as HTMLElement,
    );
    await closeIt();
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(bell).toHaveFocus();
  });
});
