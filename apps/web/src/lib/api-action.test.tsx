import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from '../components/ui/button.tsx';
import { type ApiActionOptions, useApiAction } from './api-action.ts';
import { ApiError } from './api-client.ts';

// What sonner would show: the toaster module is where the toasts leave the app.
const toasts: [string, string][] = [];
vi.mock('./toaster.tsx', () => ({
  mountToaster: async () => (type: string, text: string) => void toasts.push([type, text]),
}));
afterEach(() => {
  toasts.length = 0;
});

function Resend({ call, options }: { call: () => Promise<unknown>; options?: ApiActionOptions }) {
  const resend = useApiAction(call as Parameters<typeof useApiAction>[0], options);
  return (
    <Button loading={resend.busy} onClick={() => void resend.run()}>
      Resend
    </Button>
  );
}

const click = () => userEvent.click(screen.getByRole('button', { name: 'Resend' }));

describe('useApiAction', () => {
  it('keeps the button busy while the call runs, then toasts the server message', async () => {
    let answer: (value: unknown) => void = () => {};
    render(<Resend call={() => new Promise((resolve) => (answer = resolve))} options={{ success: 'Sent' }} />);
    await click();
    expect(screen.getByRole('button', { name: 'Resend' })).toHaveAttribute('aria-disabled', 'true');
    answer({ found: true, message: 'We sent a new link' });
    await vi.waitFor(() => expect(toasts).toEqual([['success', 'We sent a new link']]));
    expect(screen.getByRole('button', { name: 'Resend' })).toBeEnabled();
  });

  it('toasts its own words when the server sent no message, and nothing when it has none', async () => {
    const { unmount } = render(<Resend call={async () => ({ found: true })} options={{ success: 'Sent' }} />);
    await click();
    await vi.waitFor(() => expect(toasts).toEqual([['success', 'Sent']]));
    unmount();
    render(<Resend call={async () => ({ found: true, message: 'Done' })} />);
    await click();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(toasts).toHaveLength(1);
  });

  it.each([
    [
      'an error answer',
      () => Promise.reject(new ApiError(429, 'Too many emails, wait a minute')),
      'Too many emails, wait a minute',
    ],
    ['a 404 result', async () => ({ found: false, message: 'No such account' }), 'No such account'],
    ['no network', () => Promise.reject(new TypeError('Failed to fetch')), 'Something went wrong'],
  ])('toasts the failure on %s, never the success', async (_label, call, shown) => {
    render(<Resend call={call} options={{ success: 'Sent' }} />);
    await click();
    await vi.waitFor(() => expect(toasts).toEqual([['error', shown]]));
    expect(screen.getByRole('button', { name: 'Resend' })).toBeEnabled();
  });

  it('only logs a failure the spec keeps quiet', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<Resend call={() => Promise.reject(new ApiError(500, 'Down'))} options={{ failure: 'log' }} />);
    await click();
    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith(expect.objectContaining({ message: 'Down' })));
    expect(toasts).toEqual([]);
    logged.mockRestore();
  });
});
