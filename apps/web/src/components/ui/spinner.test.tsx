import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from './button.tsx';
import { Spinner } from './spinner.tsx';

describe('Spinner', () => {
  it('with a label, is a status that says what is loading', () => {
    render(<Spinner label="Loading goals" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading goals');
  });

  it('without a label, says nothing at all to assistive technology', () => {
    const { container } = render(<Spinner />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(container.textContent).toBe('');
  });

  it('adds nothing to the name of the button it sits in', () => {
    render(<Button loading>Save details</Button>);
    expect(screen.getByRole('button')).toHaveAccessibleName('Save details');
  });
});
