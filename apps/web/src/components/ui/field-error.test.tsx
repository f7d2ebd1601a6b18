import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FieldError } from './field-error.tsx';

describe('FieldError', () => {
  it('shows the message with a warning icon that assistive technology skips', () => {
    render(<FieldError id="amount-error" message="Amount is required" />);
    const error = screen.getByText('Amount is required').closest('p');
    expect(error).toHaveAttribute('id', 'amount-error');
    const icon = error?.querySelector('svg');
    expect(icon).toHaveAttribute('aria-hidden', 'true');
    expect(icon).toHaveAttribute('focusable', 'false');
  });

  it.each([[undefined], ['']])('renders nothing for the message %j', (message) => {
    const { container } = render(<FieldError id="amount-error" message={message} />);
    expect(container).toBeEmptyDOMElement();
  });
});
