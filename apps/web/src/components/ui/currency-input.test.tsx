import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { CurrencyInput, type CurrencyInputProps } from './currency-input.tsx';

type HarnessProps = Partial<CurrencyInputProps> & { initial?: string; onValue?: (value: string) => void };

/** A parent that keeps the value, as a form would. */
function Harness({ initial = '', onValue, ...props }: HarnessProps) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <CurrencyInput
        label="Monthly payment"
        {...props}
        value={value}
        onChange={(next) => {
          setValue(next);
          onValue?.(next);
        }}
      />
      <button type="button">Elsewhere</button>
    </>
  );
}

function setup(props: HarnessProps = {}) {
  const user = userEvent.setup();
  const onValue = vi.fn<(value: string) => void>();
  render(<Harness onValue={onValue} {...props} />);
  return { user, onValue, input: screen.getByLabelText('Monthly payment') as HTMLInputElement };
}

describe('CurrencyInput', () => {
  it('is a labelled text box that brings up a decimal keypad', () => {
    const { input } = setup();
    expect(screen.getByRole('textbox', { name: 'Monthly payment' })).toBe(input);
    expect(input).toHaveAttribute('inputmode', 'decimal');
  });

  it('shows a stored amount as money with two decimals', () => {
    const { input } = setup({ initial: '1234' });
    expect(input).toHaveValue('$1,234.00');
  });

  it('shows an amount never filled in as an empty field with a $0.00 placeholder', () => {
    const { input } = setup({ initial: '' });
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('placeholder', '$0.00');
  });

  it('keeps digits and the decimal point, dropping letters and signs as they are typed', async () => {
    const { user, input, onValue } = setup({ initial: '' });
    await user.click(input);
    await user.clear(input);
    await user.type(input, '-00012a34.56');
    expect(onValue).toHaveBeenLastCalledWith('1234.56');
    expect(input).toHaveValue('$1,234.56');
    await user.tab();
    expect(input).toHaveValue('$1,234.56');
  });

  it('reads commas typed as thousands separators', async () => {
    const { user, input, onValue } = setup({ initial: '' });
    await user.click(input);
    await user.type(input, '12,345.6');
    expect(onValue).toHaveBeenLastCalledWith('12345.6');
    await user.tab();
    expect(input).toHaveValue('$12,345.60');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it.each([
    ['12,34.5', '$12,34.5'],
    ['1.2.3', '$1.2.3'],
    ['9.999', '$9.999'],
  ])('keeps %j as typed and, once left, says "Check this amount"', async (typed, shown) => {
    const { user, input, onValue } = setup({ initial: '' });
    await user.click(input);
    await user.type(input, typed);
    // While typing nothing is judged yet.
    expect(input).not.toHaveAttribute('aria-invalid');
    await user.tab();
    expect(input).toHaveValue(shown);
    expect(onValue).toHaveBeenLastCalledWith(shown.slice(1));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Check this amount');
    // Correcting it makes it an amount again.
    await user.clear(input);
    await user.type(input, '12.5');
    await user.tab();
    expect(onValue).toHaveBeenLastCalledWith('12.5');
    expect(input).toHaveValue('$12.50');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('shows what is typed while focused and two decimals once left', async () => {
    const { user, input, onValue } = setup();
    await user.click(input);
    await user.clear(input);
    await user.type(input, '1234.5');
    expect(input).toHaveValue('$1,234.5');
    expect(onValue).toHaveBeenLastCalledWith('1234.5');
    await user.tab();
    expect(input).toHaveValue('$1,234.50');
    // Leaving the field changes only what is shown, not the value.
    expect(onValue).toHaveBeenLastCalledWith('1234.5');
  });

  it('appends .00 to a whole number when not focused', async () => {
    const { user, input, onValue } = setup();
    await user.click(input);
    await user.clear(input);
    await user.type(input, '12');
    expect(input).toHaveValue('$12');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(input).toHaveValue('$12.00');
    expect(onValue).toHaveBeenLastCalledWith('12');
  });

  it('removes leading zeros but keeps the zero before a point', async () => {
    const { user, input, onValue } = setup();
    await user.click(input);
    await user.clear(input);
    await user.type(input, '007');
    expect(onValue).toHaveBeenLastCalledWith('7');
    expect(input).toHaveValue('$7');

    await user.clear(input);
    await user.type(input, '0.5');
    expect(onValue).toHaveBeenLastCalledWith('0.5');
    expect(input).toHaveValue('$0.5');
  });

  it('makes an emptied field 0', async () => {
    const { user, input, onValue } = setup({ initial: '250' });
    await user.click(input);
    await user.clear(input);
    expect(onValue).toHaveBeenLastCalledWith('0');
    expect(input).toHaveValue('$0');
    await user.tab();
    expect(input).toHaveValue('$0.00');
  });

  it('replaces the 0 of an emptied field with the first digit typed', async () => {
    const { user, input, onValue } = setup({ initial: '0' });
    await user.click(input);
    await user.type(input, '5');
    expect(onValue).toHaveBeenLastCalledWith('5');
    expect(input).toHaveValue('$5');
  });

  it('keeps the caret beside the digit just typed when editing in the middle', async () => {
    const { user, input, onValue } = setup({ initial: '1234' });
    await user.click(input);
    expect(input).toHaveValue('$1,234');
    // Type a 5 right after the 1: '$1|,234'.
    input.setSelectionRange(2, 2);
    await user.keyboard('5');
    expect(onValue).toHaveBeenLastCalledWith('15234');
    expect(input).toHaveValue('$15,234');
    expect(input.selectionStart).toBe(3);
    await user.keyboard('6');
    expect(onValue).toHaveBeenLastCalledWith('156234');
    expect(input).toHaveValue('$156,234');
  });

  it('keeps the caret after a digit typed where a thousands separator appears', async () => {
    const { user, input, onValue } = setup({ initial: '123' });
    await user.click(input);
    // Type a 4 right after the 1: '$1|23' becomes '$14|23', shown as '$1,4|23'.
    input.setSelectionRange(2, 2);
    await user.keyboard('4');
    expect(onValue).toHaveBeenLastCalledWith('1423');
    expect(input).toHaveValue('$1,423');
    expect(input.selectionStart).toBe(4);
    expect(input.selectionEnd).toBe(4);
  });

  it('steps over a thousands separator on Backspace instead of getting stuck behind it', async () => {
    const { user, input, onValue } = setup({ initial: '1234' });
    await user.click(input);
    // '$1,|234': Backspace removes the comma, which formatting puts back; the caret moves before it.
    input.setSelectionRange(3, 3);
    await user.keyboard('{Backspace}');
    expect(input).toHaveValue('$1,234');
    expect(input.selectionStart).toBe(2);
    await user.keyboard('{Backspace}');
    expect(onValue).toHaveBeenLastCalledWith('234');
    expect(input).toHaveValue('$234');
  });

  it('marks an error with the icon, aria-invalid and aria-describedby', () => {
    setup({ error: 'Enter the monthly payment', hint: 'In US dollars' });
    const input = screen.getByLabelText('Monthly payment');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('In US dollars Enter the monthly payment');
    const error = screen.getByText('Enter the monthly payment').closest('p');
    expect(error?.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
  });

  it('can be disabled', async () => {
    const { user, input, onValue } = setup({ disabled: true, initial: '5' });
    expect(input).toBeDisabled();
    await user.type(input, '1');
    expect(onValue).not.toHaveBeenCalled();
    expect(input).toHaveValue('$5.00');
  });

  it('works inside react-hook-form through Controller, passing the raw string on', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    function LoanForm() {
      const { control, handleSubmit, setFocus } = useForm({ defaultValues: { payment: '0' } });
      return (
        <form onSubmit={handleSubmit(onValid)}>
          <Controller
            control={control}
            name="payment"
            render={({ field }) => <CurrencyInput label="Monthly payment" {...field} />}
          />
          <button type="button" onClick={() => setFocus('payment')}>
            Focus payment
          </button>
          <button type="submit">Save</button>
        </form>
      );
    }
    render(<LoanForm />);
    const input = screen.getByLabelText('Monthly payment');
    await user.click(screen.getByRole('button', { name: 'Focus payment' }));
    expect(input).toHaveFocus();
    await user.type(input, '2500.75');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid.mock.calls[0]?.[0]).toEqual({ payment: '2500.75' });
    expect(input).toHaveValue('$2,500.75');
  });
});
