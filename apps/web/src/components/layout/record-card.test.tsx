import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Button } from '../ui/button.tsx';
import { useOpenedFrom } from '../ui/use-opened-from.ts';
import { RecordActions, RecordCard } from './record-card.tsx';

function Card() {
  const { open, setOpen, actions, closeAndFocus } = useOpenedFrom<'edit' | 'delete'>();
  return (
    <RecordCard level={3} name="My Roth" kind="Roth IRA">
      <RecordActions ref={actions}>
        <Button data-action="edit" onClick={() => setOpen('edit')}>
          Edit
        </Button>
        <Button data-action="delete" onClick={() => setOpen('delete')}>
          Delete
        </Button>
      </RecordActions>
      {open && <Button onClick={() => closeAndFocus(open)}>Close {open}</Button>}
    </RecordCard>
  );
}

describe('RecordCard', () => {
  it('is an article named by its heading, at the level it is given, with its kind beside it', () => {
    render(<Card />);
    const card = screen.getByRole('article', { name: 'My Roth' });
    expect(screen.getByRole('heading', { level: 3, name: 'My Roth' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Roth IRA');
  });

  it('gives the focus back to the button that opened what just closed', async () => {
    const user = userEvent.setup();
    render(<Card />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Close delete' }));
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Close edit' }));
    expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus();
  });
});
