import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner } from './spinner.tsx';

describe('Spinner', () => {
  it('announces its label as a status', () => {
    render(<Spinner label="Loading goals" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading goals');
    expect(screen.getByText('Loading goals')).toHaveClass('visually-hidden');
  });

  it('is silent and hidden from assistive technology without a label', () => {
    const { container } = render(<Spinner />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(container.textContent).toBe('');
    expect(container.querySelector('[aria-hidden="true"]')).not.toBeNull();
  });

  it.each([['sm'], ['md'], ['lg']] as const)('comes in size %s', (size) => {
    const { container } = render(<Spinner size={size} />);
    expect(container.querySelector('[aria-hidden="true"]')?.className).toMatch(new RegExp(`_${size}_`));
  });

  it('is medium by default', () => {
    const { container } = render(<Spinner />);
    expect(container.querySelector('[aria-hidden="true"]')?.className).toMatch(/_md_/);
  });
});
