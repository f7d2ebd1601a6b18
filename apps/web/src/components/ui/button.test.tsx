import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FormEvent, useState } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Button, ButtonLink } from './button.tsx';

describe('Button', () => {
  it('is a button that is clicked with the mouse or the keyboard', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    await user.click(button);
    await user.tab();
    await user.tab({ shift: true });
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onClick).toHaveBeenCalledTimes(3);
  });

  it('does not submit a form unless asked to', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: FormEvent) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button>Cancel</Button>
        <Button type="submit">Send</Button>
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  describe('loading', () => {
    it('is announced as busy, keeps its name, and ignores clicks and Enter', async () => {
      const user = userEvent.setup();
      const onClick = vi.fn();
      render(
        <Button loading onClick={onClick}>
          Log In
        </Button>,
      );
      // The spinner inside is decorative: the name stays "Log In", not "Loading Log In".
      const button = screen.getByRole('button', { name: 'Log In' });
      expect(button).toHaveAttribute('aria-busy', 'true');
      expect(button).toHaveAttribute('aria-disabled', 'true');
      await user.click(button);
      await user.keyboard('{Enter}');
      expect(onClick).not.toHaveBeenCalled();
    });

    it('keeps the focus of the press that made it busy', async () => {
      const user = userEvent.setup();
      function Saving() {
        const [busy, setBusy] = useState(false);
        return (
          <Button loading={busy} onClick={() => setBusy(true)}>
            Save
          </Button>
        );
      }
      render(<Saving />);
      const button = screen.getByRole('button', { name: 'Save' });
      await user.click(button);
      expect(button).toHaveAttribute('aria-busy', 'true');
      // A disabled button would have dropped it to the page: a dialog opened meanwhile could not give it back.
      expect(button).toHaveFocus();
      expect(button).not.toBeDisabled();
    });

    it('cannot submit its form twice, even with Enter in a field', async () => {
      const user = userEvent.setup();
      const onSubmit = vi.fn((event: FormEvent) => event.preventDefault());
      render(
        <form onSubmit={onSubmit}>
          <input aria-label="Email" />
          <Button type="submit" loading>
            Send
          </Button>
        </form>,
      );
      await user.click(screen.getByRole('button', { name: 'Send' }));
      await user.type(screen.getByLabelText('Email'), 'a@b.co{Enter}');
      expect(onSubmit).not.toHaveBeenCalled();
    });

    it('works again when loading ends', async () => {
      const user = userEvent.setup();
      const onClick = vi.fn();
      const { rerender } = render(
        <Button loading onClick={onClick}>
          Save
        </Button>,
      );
      rerender(<Button onClick={onClick}>Save</Button>);
      const button = screen.getByRole('button', { name: 'Save' });
      expect(button).not.toHaveAttribute('aria-busy');
      await user.click(button);
      expect(onClick).toHaveBeenCalledTimes(1);
    });
  });

  it('can be disabled: skipped by Tab and deaf to clicks', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <>
        <Button disabled onClick={onClick}>
          Save
        </Button>
        <Button>Next</Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).not.toHaveBeenCalled();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
  });

  it('passes other button props and its ref through', () => {
    let node: HTMLButtonElement | null = null;
    render(
      <Button
        aria-label="Close dialog"
        ref={(element) => {
          node = element;
        }}
      >
        ×
      </Button>,
    );
    expect(node).toBe(screen.getByRole('button', { name: 'Close dialog' }));
  });
});

describe('ButtonLink', () => {
  it('is a link, not a button: it is followed with the mouse or Enter', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<ButtonLink to="/onboarding">Sign Up</ButtonLink>} />
          <Route path="/onboarding" element={<h1>Create your account</h1>} />
        </Routes>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Sign Up' });
    expect(link).toHaveAttribute('href', '/onboarding');
    expect(screen.queryByRole('button')).toBeNull();
    await user.tab();
    expect(link).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
  });
});
