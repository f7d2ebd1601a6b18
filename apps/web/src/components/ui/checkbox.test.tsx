import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from './checkbox.tsx';

describe('Checkbox', () => {
  it('is named by its label alone, the hint describes it, and the label and Space toggle it', async () => {
    render(<Checkbox label="Monthly summary" hint="Your month in one email." />);
    const box = screen.getByRole('checkbox', { name: 'Monthly summary' });
    expect(box).toHaveAccessibleDescription('Your month in one email.');
    await userEvent.click(screen.getByText('Monthly summary'));
    expect(box).toBeChecked();
    await userEvent.keyboard(' ');
    expect(box).not.toBeChecked();
  });

  it('says what is wrong, and is marked invalid, only when there is an error', () => {
    const { rerender } = render(<Checkbox label="I accept the terms" />);
    expect(screen.getByRole('checkbox')).not.toHaveAttribute('aria-invalid');
    rerender(<Checkbox label="I accept the terms" error="Please accept the terms to continue" />);
    const box = screen.getByRole('checkbox', { name: 'I accept the terms' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Please accept the terms to continue');
  });

  it('works with react-hook-form’s register', async () => {
    const onValid = vi.fn();
    function Preferences() {
      const { register, handleSubmit } = useForm({ defaultValues: { product_news: false } });
      return (
        <form onSubmit={handleSubmit(onValid)}>
          <Checkbox label="Product news" {...register('product_news')} />
          <button type="submit">Save</button>
        </form>
      );
    }
    render(<Preferences />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Product news' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid.mock.calls[0]?.[0]).toEqual({ product_news: true });
  });
});
