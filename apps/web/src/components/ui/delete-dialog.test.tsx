import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { DeleteDialog } from './delete-dialog.tsx';

const toasts: [string, string][] = [];
vi.mock('../../lib/toaster.tsx', () => ({
  mountToaster: async () => (type: string, text: string) => void toasts.push([type, text]),
}));
afterEach(() => {
  toasts.length = 0;
});

function dialog(run: () => Promise<{ message?: string | null }>) {
  const calls = { onClose: vi.fn(), onDeleted: vi.fn(), reset: vi.fn() };
  render(
    <DeleteDialog
      open
      onClose={calls.onClose}
      onDeleted={calls.onDeleted}
      title="Delete “My Roth”?"
      description="The account and its balance history leave your plan."
      confirmLabel="Delete account"
      deletedText="Account deleted"
      remove={{ run, pending: false, reset: calls.reset }}
    />,
  );
  return calls;
}

describe('DeleteDialog', () => {
  it('deletes on confirming, toasts the server’s words and hands over to onDeleted', async () => {
    const calls = dialog(async () => ({ message: '“My Roth” deleted' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    expect(calls.onDeleted).toHaveBeenCalledTimes(1);
    expect(calls.onClose).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(toasts).toEqual([['success', '“My Roth” deleted']]));
  });

  it('says a refusal inside the dialog and stays open; Cancel forgets it and closes', async () => {
    const calls = dialog(async () => {
      throw new ApiError(409, 'This account was changed meanwhile');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    expect(screen.getByRole('alert')).toHaveTextContent('This account was changed meanwhile');
    expect(calls.onDeleted).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.reset).toHaveBeenCalledTimes(1);
    expect(calls.onClose).toHaveBeenCalledTimes(1);
  });
});
