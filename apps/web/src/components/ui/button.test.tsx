import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button, type ButtonSize, type ButtonVariant } from './button.tsx';

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
    it('shows a spinner, is busy and disabled, and keeps its name', async () => {
      const user = userEvent.setup();
      const onClick = vi.fn();
      const { container } = render(
        <Button loading onClick={onClick}>
          Log In
        </Button>,
      );
      const button = screen.getByRole('button', { name: 'Log In' });
      expect(button).toHaveAttribute('aria-busy', 'true');
      expect(button).toBeDisabled();
      expect(container.querySelector('button [aria-hidden="true"]')).not.toBeNull();
      await user.click(button);
      expect(onClick).not.toHaveBeenCalled();
    });

    it('cannot submit its form twice', async () => {
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
      expect(onSubmit).not.toHaveBeenCalled();
    });

    it('is neither busy nor showing a spinner when not loading', () => {
      const { container } = render(<Button>Log In</Button>);
      const button = screen.getByRole('button', { name: 'Log In' });
      expect(button).not.toHaveAttribute('aria-busy');
      expect(button).toBeEnabled();
      expect(container.querySelector('button [aria-hidden="true"]')).toBeNull();
    });
  });

  it('can be disabled', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick}>
        Save
      </Button>,
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).not.toHaveBeenCalled();
  });

  it.each<[ButtonVariant]>([['primary'], ['secondary'], ['ghost'], ['danger']])('takes the %s variant', (variant) => {
    render(<Button variant={variant}>Go</Button>);
    expect(screen.getByRole('button', { name: 'Go' }).className).toMatch(new RegExp(`_${variant}_`));
  });

  it.each<[ButtonSize]>([['sm'], ['md'], ['lg']])('takes the %s size', (size) => {
    render(<Button size={size}>Go</Button>);
    expect(screen.getByRole('button', { name: 'Go' }).className).toMatch(new RegExp(`_${size}_`));
  });

  it('is a medium primary button of its natural width by default', () => {
    render(<Button>Go</Button>);
    const { className } = screen.getByRole('button', { name: 'Go' });
    expect(className).toMatch(/_primary_/);
    expect(className).toMatch(/_md_/);
    expect(className).not.toMatch(/_fullWidth_/);
  });

  it('can take the full width, and keeps a class given by the caller', () => {
    render(
      <Button fullWidth className="extra">
        Go
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Go' });
    expect(button.className).toMatch(/_fullWidth_/);
    expect(button).toHaveClass('extra');
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
