import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { DialogActions, FormDialog } from './dialog.tsx';

describe('FormDialog', () => {
  it('is a dialog named by its title, with no description, holding its form only while open', () => {
    const { rerender } = render(
      <FormDialog open onClose={() => {}} title="Edit your plan">
        <input aria-label="Retirement age" />
      </FormDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit your plan' });
    expect(dialog).not.toHaveAttribute('aria-describedby');
    expect(screen.getByLabelText('Retirement age')).toBeInTheDocument();
    rerender(
      <FormDialog open={false} onClose={() => {}} title="Edit your plan">
        <input aria-label="Retirement age" />
      </FormDialog>,
    );
    expect(screen.queryByLabelText('Retirement age')).toBeNull();
  });

  it('Cancel and Escape call onClose', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <FormDialog open onClose={onClose} title="Edit “Japan trip”">
        <DialogActions />
      </FormDialog>,
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('ConfirmDialog', () => {
  it('is described by what deleting does, and says a refusal inside', () => {
    render(
      <ConfirmDialog
        open
        onOpenChange={() => {}}
        title="Delete “My Roth”?"
        description="The account and its balance history leave your plan."
        error="This account changed meanwhile."
        confirmLabel="Delete account"
        pending={false}
        onConfirm={() => {}}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete “My Roth”?' });
    expect(dialog).toHaveAccessibleDescription('The account and its balance history leave your plan.');
    expect(screen.getByRole('alert')).toHaveTextContent('This account changed meanwhile.');
    expect(screen.getByRole('button', { name: 'Delete account' })).toBeInTheDocument();
  });
});
