import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DateInput, type DateInputProps } from './date-input.tsx';

function Harness({
  initial,
  onValue,
  ...props
}: Partial<DateInputProps> & { initial: string; onValue: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateInput
      label="Next payment date"
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

describe('DateInput', () => {
  it('is a labelled native date input', () => {
    render(<DateInput label="Next payment date" value="" onChange={() => {}} />);
    expect(screen.getByLabelText('Next payment date')).toHaveAttribute('type', 'date');
  });

  it('shows the year-month-day part of a full ISO timestamp', () => {
    render(<DateInput label="Next payment date" value="2026-03-01T00:00:00.000Z" onChange={() => {}} />);
    expect(screen.getByLabelText('Next payment date')).toHaveValue('2026-03-01');
  });

  it('shows a plain day as it is, and nothing for an empty value', () => {
    const { rerender } = render(<DateInput label="Next payment date" value="2026-12-31" onChange={() => {}} />);
    expect(screen.getByLabelText('Next payment date')).toHaveValue('2026-12-31');
    rerender(<DateInput label="Next payment date" value={null} onChange={() => {}} />);
    expect(screen.getByLabelText('Next payment date')).toHaveValue('');
  });

  it('passes a chosen day on as the ISO timestamp of its UTC midnight', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn<(v: string) => void>();
    render(<Harness initial="" onValue={onValue} />);
    const input = screen.getByLabelText('Next payment date');
    await user.type(input, '2026-03-01');
    expect(onValue).toHaveBeenLastCalledWith('2026-03-01T00:00:00.000Z');
    expect(onValue).toHaveBeenLastCalledWith(new Date('2026-03-01T00:00:00.000Z').toISOString());
    expect(input).toHaveValue('2026-03-01');
  });

  it('replaces an earlier timestamp with the newly chosen day', () => {
    const onValue = vi.fn<(v: string) => void>();
    render(<Harness initial="2026-03-01T00:00:00.000Z" onValue={onValue} />);
    const input = screen.getByLabelText('Next payment date');
    fireEvent.change(input, { target: { value: '2027-01-15' } });
    expect(onValue).toHaveBeenLastCalledWith('2027-01-15T00:00:00.000Z');
    expect(input).toHaveValue('2027-01-15');
  });

  it('passes what it cannot read as a date through unchanged (a cleared field gives "")', () => {
    const onValue = vi.fn<(v: string) => void>();
    render(<Harness initial="2026-03-01T00:00:00.000Z" onValue={onValue} />);
    fireEvent.change(screen.getByLabelText('Next payment date'), { target: { value: '' } });
    expect(onValue).toHaveBeenLastCalledWith('');
  });

  it('marks an error with the icon, aria-invalid and aria-describedby', () => {
    render(<DateInput label="Next payment date" value="" onChange={() => {}} error="Choose a date" />);
    const input = screen.getByLabelText('Next payment date');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Choose a date');
    expect(screen.getByText('Choose a date').closest('p')?.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
  });

  it('can be disabled', () => {
    render(<DateInput label="Next payment date" value="" onChange={() => {}} disabled />);
    expect(screen.getByLabelText('Next payment date')).toBeDisabled();
  });
});
