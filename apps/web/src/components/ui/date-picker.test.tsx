import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DatePicker, type DatePickerProps } from './date-picker.tsx';

type HarnessProps = Partial<DatePickerProps> & {
  initial?: Date | null;
  onValue?: (date: Date | null) => void;
};

/** A parent that keeps the value, as a form would, plus somewhere else to move focus to. */
function Harness({ initial = null, onValue, ...props }: HarnessProps) {
  const [value, setValue] = useState<Date | null>(initial);
  return (
    <>
      <DatePicker
        label="Start date"
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
  const onValue = vi.fn<(date: Date | null) => void>();
  render(<Harness onValue={onValue} {...props} />);
  return { user, onValue, input: screen.getByRole('textbox', { name: 'Start date' }) };
}

function timeOptions() {
  return within(screen.getByRole('listbox', { name: 'Time' }))
    .getAllByRole('option')
    .map((option) => option.textContent);
}

describe('DatePicker', () => {
  it('is a text box named by its label, showing its value as MM/dd/yyyy', () => {
    const { input } = setup({ initial: new Date(2026, 2, 1) });
    expect(input).toHaveValue('03/01/2026');
    expect(input).toHaveAttribute('placeholder', 'MM/DD/YYYY');
  });

  it('is empty without a value', () => {
    const { input } = setup();
    expect(input).toHaveValue('');
  });

  describe('typing', () => {
    it('passes on a typed MM/dd/yyyy date', async () => {
      const { user, input, onValue } = setup();
      await user.type(input, '03/15/2026');
      expect(onValue).toHaveBeenLastCalledWith(new Date(2026, 2, 15));
      await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
      expect(input).toHaveValue('03/15/2026');
      expect(screen.queryByText('Date input not valid.')).toBeNull();
    });

    it('reads one-digit month and day, and writes them back in full', async () => {
      const { user, input, onValue } = setup();
      await user.type(input, '3/5/2026');
      expect(onValue).toHaveBeenLastCalledWith(new Date(2026, 2, 5));
      // Nothing is rewritten under the caret while typing.
      expect(input).toHaveValue('3/5/2026');
      await user.tab();
      expect(input).toHaveValue('03/05/2026');
    });

    it('does not complain while a date is still being typed', async () => {
      const { user, input, onValue } = setup();
      await user.type(input, '03/15/20');
      expect(screen.queryByText('Date input not valid.')).toBeNull();
      expect(input).not.toHaveAttribute('aria-invalid');
      expect(onValue).not.toHaveBeenCalled();
    });

    it.each([['13/45/2026'], ['02/30/2026'], ['03/15/26'], ['hello'], ['12/31/1899']])(
      'shows "Date input not valid." for %j once the field is left, keeping the text',
      async (typed) => {
        const { user, input } = setup();
        await user.type(input, typed);
        await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
        const error = screen.getByText('Date input not valid.');
        expect(input).toHaveValue(typed);
        expect(input).toHaveAttribute('aria-invalid', 'true');
        expect(input).toHaveAccessibleDescription('Date input not valid.');
        expect(error.closest('p')?.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
      },
    );

    it('rejects a year after the current year plus 9', async () => {
      const { user, input } = setup();
      await user.type(input, `01/01/${new Date().getFullYear() + 10}`);
      await user.tab();
      expect(screen.getByText('Date input not valid.')).toBeInTheDocument();
    });

    it('shows the error on Enter too', async () => {
      const { user, input } = setup();
      await user.type(input, '99/99/9999{Enter}');
      expect(screen.getByText('Date input not valid.')).toBeInTheDocument();
    });

    it('drops the old date when the text replacing it is not a date', async () => {
      const { user, input, onValue } = setup({ initial: new Date(2026, 2, 1) });
      await user.clear(input);
      await user.type(input, '03/99/2026');
      await user.tab();
      expect(onValue).toHaveBeenLastCalledWith(null);
      expect(screen.getByText('Date input not valid.')).toBeInTheDocument();
    });

    it('clears the error once the text is a date again', async () => {
      const { user, input, onValue } = setup();
      await user.type(input, '13/01/2026');
      await user.tab();
      expect(screen.getByText('Date input not valid.')).toBeInTheDocument();
      await user.clear(input);
      await user.type(input, '12/01/2026');
      expect(screen.queryByText('Date input not valid.')).toBeNull();
      expect(input).not.toHaveAttribute('aria-invalid');
      expect(onValue).toHaveBeenLastCalledWith(new Date(2026, 11, 1));
    });

    it('clears the value, without an error, when the text is deleted', async () => {
      const { user, input, onValue } = setup({ initial: new Date(2026, 2, 1) });
      await user.clear(input);
      expect(onValue).toHaveBeenLastCalledWith(null);
      await user.tab();
      expect(input).toHaveValue('');
      expect(screen.queryByText('Date input not valid.')).toBeNull();
    });
  });

  describe('calendar', () => {
    it('offers years from 1900 to the current year plus 9', async () => {
      const { user, input } = setup({ initial: new Date(2026, 2, 1) });
      await user.click(input);
      const years = within(screen.getByRole('combobox', { name: 'Year' }))
        .getAllByRole('option')
        .map((option) => option.textContent);
      const last = new Date().getFullYear() + 9;
      expect(years[0]).toBe('1900');
      expect(years.at(-1)).toBe(String(last));
      expect(years).toHaveLength(last - 1900 + 1);
    });

    it('starts the week on Sunday', async () => {
      // April 2026 begins on a Wednesday, so its first row starts with March 29.
      const { user, input } = setup({ initial: new Date(2026, 3, 15) });
      await user.click(input);
      const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
      expect(headers[0]).toContain('Sunday');
      expect(headers[6]).toContain('Saturday');
      const firstWeek = screen.getAllByRole('row')[1] as HTMLElement;
      expect(within(firstWeek).getAllByRole('gridcell')[0]).toHaveAccessibleName(/Sunday, March 29th, 2026/);
    });

    it('passes on a day picked in the calendar and shows it as MM/dd/yyyy', async () => {
      const { user, input, onValue } = setup({ initial: new Date(2026, 2, 1) });
      await user.click(input);
      await user.click(screen.getByRole('gridcell', { name: /March 18th, 2026/ }));
      expect(onValue).toHaveBeenLastCalledWith(new Date(2026, 2, 18));
      expect(input).toHaveValue('03/18/2026');
    });

    it('makes a day a day: a picked or typed date is at midnight, whatever time the old value had', async () => {
      const { user, input, onValue } = setup({ initial: new Date(2026, 2, 1, 9, 30) });
      await user.click(input);
      await user.click(screen.getByRole('gridcell', { name: /March 18th, 2026/ }));
      expect(onValue).toHaveBeenLastCalledWith(new Date(2026, 2, 18));
      await user.clear(input);
      await user.type(input, '03/20/2026');
      expect(onValue).toHaveBeenLastCalledWith(new Date(2026, 2, 20));
    });

    it('jumps to the year chosen in the year list', async () => {
      const { user, input, onValue } = setup({ initial: new Date(2026, 2, 1) });
      await user.click(input);
      await user.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '1990');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), 'July');
      await user.click(screen.getByRole('gridcell', { name: /July 4th, 1990/ }));
      expect(onValue).toHaveBeenLastCalledWith(new Date(1990, 6, 4));
      expect(input).toHaveValue('07/04/1990');
    });

    it('moves a month at a time with its previous and next buttons', async () => {
      const { user, input } = setup({ initial: new Date(2026, 2, 1) });
      await user.click(input);
      await user.click(screen.getByRole('button', { name: 'Next month' }));
      expect(screen.getByRole('combobox', { name: 'Month' })).toHaveDisplayValue('April');
      await user.click(screen.getByRole('button', { name: 'Previous month' }));
      await user.click(screen.getByRole('button', { name: 'Previous month' }));
      expect(screen.getByRole('combobox', { name: 'Month' })).toHaveDisplayValue('February');
    });

    it('cannot go before January 1900', async () => {
      const { user, input } = setup({ initial: new Date(1900, 0, 10) });
      await user.click(input);
      expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled();
    });

    it('replaces an invalid typed text with a picked day, clearing the error', async () => {
      const { user, input, onValue } = setup({ initial: new Date(2026, 2, 1) });
      await user.clear(input);
      await user.type(input, 'nope{Enter}');
      expect(screen.getByText('Date input not valid.')).toBeInTheDocument();
      await user.click(input);
      await user.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '2026');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), 'March');
      await user.click(screen.getByRole('gridcell', { name: /March 10th, 2026/ }));
      expect(onValue).toHaveBeenLastCalledWith(new Date(2026, 2, 10));
      expect(input).toHaveValue('03/10/2026');
      expect(screen.queryByText('Date input not valid.')).toBeNull();
    });
  });

  describe('with a time', () => {
    // The time list measures itself with ResizeObserver, which jsdom lacks.
    beforeEach(() => {
      vi.stubGlobal(
        'ResizeObserver',
        class {
          observe() {}
          unobserve() {}
          disconnect() {}
        },
      );
    });
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it('lists times every 30 minutes by default', async () => {
      const { user, input } = setup({ initial: new Date(2026, 2, 1, 9, 0), showTimeSelect: true });
      await user.click(input);
      const times = timeOptions();
      expect(times.slice(0, 4)).toEqual(['12:00 AM', '12:30 AM', '1:00 AM', '1:30 AM']);
      expect(times).toHaveLength(48);
    });

    it('takes another interval', async () => {
      const { user, input } = setup({ initial: new Date(2026, 2, 1, 9, 0), showTimeSelect: true, timeIntervals: 15 });
      await user.click(input);
      const times = timeOptions();
      expect(times.slice(0, 3)).toEqual(['12:00 AM', '12:15 AM', '12:30 AM']);
    });

    it('shows and reads the time after the date', async () => {
      const { user, input, onValue } = setup({ initial: new Date(2026, 2, 1, 9, 30), showTimeSelect: true });
      expect(input).toHaveValue('03/01/2026 9:30 AM');
      await user.clear(input);
      await user.type(input, '03/02/2026 2:00 PM');
      expect(onValue).toHaveBeenLastCalledWith(new Date(2026, 2, 2, 14, 0));
    });
  });

  it('shows an error given by the form, with the icon and aria-describedby', () => {
    const { input } = setup({ error: 'Choose a start date' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Choose a start date');
    expect(screen.getByText('Choose a start date').closest('p')?.querySelector('svg')).toHaveAttribute(
      'aria-hidden',
      'true',
    );
  });

  it('can be disabled', async () => {
    const { user, input, onValue } = setup({ disabled: true });
    expect(input).toBeDisabled();
    await user.type(input, '03/01/2026');
    expect(onValue).not.toHaveBeenCalled();
    expect(screen.queryByRole('combobox', { name: 'Year' })).toBeNull();
  });

  it('tells the form when focus leaves the field, not when it moves into the calendar', async () => {
    const onBlur = vi.fn();
    const { user, input } = setup({ onBlur, initial: new Date(2026, 2, 1) });
    await user.click(input);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '2000');
    expect(onBlur).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(onBlur).toHaveBeenCalledTimes(1);
  });

  it('follows a value set from outside, dropping half-typed text', async () => {
    const user = userEvent.setup();
    function Resettable() {
      const [value, setValue] = useState<Date | null>(null);
      return (
        <>
          <DatePicker label="Start date" value={value} onChange={setValue} />
          <button type="button" onClick={() => setValue(new Date(2026, 0, 2))}>
            Reset
          </button>
        </>
      );
    }
    render(<Resettable />);
    const input = screen.getByRole('textbox', { name: 'Start date' });
    await user.type(input, 'abc');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(input).toHaveValue('01/02/2026');
    expect(screen.queryByText('Date input not valid.')).toBeNull();
  });
});
