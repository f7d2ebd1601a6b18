import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { Dropdown, type DropdownOption } from './dropdown.tsx';

const options: DropdownOption[] = [
  { text: 'Checking', value: 'checking' },
  { text: 'Savings', value: 'savings' },
  { text: 'Credit card', value: 'credit' },
];

function SingleHarness({
  initial = '',
  onValue,
  ...props
}: {
  initial?: string;
  onValue: (option: DropdownOption) => void;
  isSearchable?: boolean;
  isClearable?: boolean;
  error?: string;
}) {
  const [value, setValue] = useState(initial);
  return (
    <Dropdown
      label="Account type"
      options={options}
      value={value}
      onChange={(option) => {
        setValue(option.value);
        onValue(option);
      }}
      {...props}
    />
  );
}

function MultiHarness({ initial = [], onValue }: { initial?: string[]; onValue: (options: DropdownOption[]) => void }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <Dropdown
      label="Account types"
      options={options}
      isMulti
      value={value}
      onChange={(next) => {
        setValue(next.map((option) => option.value));
        onValue(next);
      }}
    />
  );
}

function combobox(name = 'Account type') {
  return screen.getByRole('combobox', { name });
}

describe('Dropdown', () => {
  it('is a combobox named by its label, showing "Select..." until something is chosen', () => {
    render(<Dropdown label="Account type" options={options} value="" onChange={() => {}} />);
    expect(combobox()).toBeInTheDocument();
    expect(screen.getByText('Select...')).toBeInTheDocument();
  });

  it('takes another placeholder', () => {
    render(<Dropdown label="Account type" options={options} value="" onChange={() => {}} placeholder="Pick one" />);
    expect(screen.getByText('Pick one')).toBeInTheDocument();
    expect(screen.queryByText('Select...')).toBeNull();
  });

  it('shows the text of the selected value', () => {
    render(<Dropdown label="Account type" options={options} value="savings" onChange={() => {}} />);
    expect(screen.getByText('Savings')).toBeInTheDocument();
    expect(screen.queryByText('Select...')).toBeNull();
  });

  it('reports the chosen option as { text, value }', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn<(option: DropdownOption) => void>();
    render(<SingleHarness onValue={onValue} />);
    await user.click(combobox());
    const listbox = screen.getByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Checking', 'Savings', 'Credit card']);
    await user.click(screen.getByRole('option', { name: 'Savings' }));
    expect(onValue).toHaveBeenCalledTimes(1);
    expect(onValue).toHaveBeenLastCalledWith({ text: 'Savings', value: 'savings' });
    expect(screen.getByText('Savings')).toBeInTheDocument();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('is usable from the keyboard alone', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn<(option: DropdownOption) => void>();
    render(<SingleHarness onValue={onValue} />);
    await user.tab();
    expect(combobox()).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onValue).toHaveBeenLastCalledWith({ text: 'Savings', value: 'savings' });
  });

  it('opens when its label is clicked', async () => {
    const user = userEvent.setup();
    render(<SingleHarness onValue={() => {}} />);
    await user.click(screen.getByText('Account type'));
    expect(combobox()).toHaveFocus();
  });

  it('filters by typed text, and says "No options" when nothing matches', async () => {
    const user = userEvent.setup();
    render(<SingleHarness onValue={() => {}} />);
    await user.type(combobox(), 'sav');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Savings']);
    await user.type(combobox(), 'zzz');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No options')).toBeInTheDocument();
  });

  it('says "No options" when it has none', async () => {
    const user = userEvent.setup();
    render(<Dropdown label="Account type" options={[]} value="" onChange={() => {}} />);
    await user.click(combobox());
    expect(screen.getByText('No options')).toBeInTheDocument();
  });

  it('says "Loading..." while loading', async () => {
    const user = userEvent.setup();
    render(<Dropdown label="Account type" options={[]} value="" onChange={() => {}} isLoading />);
    await user.click(combobox());
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByText('No options')).toBeNull();
  });

  it('does not filter when it is not searchable, but still works from the keyboard', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn<(option: DropdownOption) => void>();
    render(<SingleHarness onValue={onValue} isSearchable={false} />);
    const input = combobox();
    expect(input).toHaveAttribute('aria-readonly', 'true');
    await user.type(input, 'sav');
    expect(input).toHaveValue('');
    expect(screen.getAllByRole('option')).toHaveLength(3);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onValue).toHaveBeenLastCalledWith({ text: 'Credit card', value: 'credit' });
  });

  describe('clearing', () => {
    it('reports empty text and value from the clear control', async () => {
      const user = userEvent.setup();
      const onValue = vi.fn<(option: DropdownOption) => void>();
      render(<SingleHarness initial="savings" onValue={onValue} />);
      await user.click(screen.getByTitle('Clear'));
      expect(onValue).toHaveBeenLastCalledWith({ text: '', value: '' });
      expect(screen.getByText('Select...')).toBeInTheDocument();
    });

    it('reports empty text and value on Backspace', async () => {
      const user = userEvent.setup();
      const onValue = vi.fn<(option: DropdownOption) => void>();
      render(<SingleHarness initial="savings" onValue={onValue} />);
      await user.click(combobox());
      await user.keyboard('{Escape}{Backspace}');
      expect(onValue).toHaveBeenLastCalledWith({ text: '', value: '' });
    });

    it('can be turned off', async () => {
      const user = userEvent.setup();
      const onValue = vi.fn<(option: DropdownOption) => void>();
      render(<SingleHarness initial="savings" onValue={onValue} isClearable={false} />);
      expect(screen.queryByTitle('Clear')).toBeNull();
      await user.click(combobox());
      await user.keyboard('{Escape}{Backspace}');
      expect(onValue).not.toHaveBeenCalled();
    });
  });

  describe('multi-select', () => {
    it('reports every chosen option, in order, and shows them all', async () => {
      const user = userEvent.setup();
      const onValue = vi.fn<(options: DropdownOption[]) => void>();
      render(<MultiHarness onValue={onValue} />);
      await user.click(combobox('Account types'));
      await user.click(screen.getByRole('option', { name: 'Credit card' }));
      expect(onValue).toHaveBeenLastCalledWith([{ text: 'Credit card', value: 'credit' }]);
      await user.click(combobox('Account types'));
      await user.click(screen.getByRole('option', { name: 'Checking' }));
      expect(onValue).toHaveBeenLastCalledWith([
        { text: 'Credit card', value: 'credit' },
        { text: 'Checking', value: 'checking' },
      ]);
      expect(screen.getByText('Credit card')).toBeInTheDocument();
      expect(screen.getByText('Checking')).toBeInTheDocument();
    });

    it('removes one choice with its remove button', async () => {
      const user = userEvent.setup();
      const onValue = vi.fn<(options: DropdownOption[]) => void>();
      render(<MultiHarness initial={['checking', 'savings']} onValue={onValue} />);
      await user.click(screen.getByRole('button', { name: 'Remove Checking' }));
      expect(onValue).toHaveBeenLastCalledWith([{ text: 'Savings', value: 'savings' }]);
    });

    it('reports an empty list when cleared', async () => {
      const user = userEvent.setup();
      const onValue = vi.fn<(options: DropdownOption[]) => void>();
      render(<MultiHarness initial={['checking', 'savings']} onValue={onValue} />);
      await user.click(screen.getByTitle('Clear'));
      expect(onValue).toHaveBeenLastCalledWith([]);
    });
  });

  it('can be disabled, and is still announced', async () => {
    // A disabled control ignores the pointer; skip user-event's refusal to click it so the click is tried.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const onChange = vi.fn();
    render(<Dropdown label="Account type" options={options} value="" onChange={onChange} isDisabled />);
    const input = combobox();
    expect(input).toBeDisabled();
    await user.click(input);
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.tab();
    expect(input).not.toHaveFocus();
  });

  it.each([
    ['searchable', true],
    ['not searchable', false],
  ])('when %s, marks an error with the icon, aria-invalid and aria-describedby', (_, isSearchable) => {
    render(<SingleHarness onValue={() => {}} isSearchable={isSearchable} error="Choose an account type" />);
    const input = combobox();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    const error = screen.getByText('Choose an account type').closest('p');
    expect(error?.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(error?.id);
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Choose an account type'));
  });

  it('is not marked invalid without an error', () => {
    render(<SingleHarness onValue={() => {}} />);
    expect(combobox()).not.toHaveAttribute('aria-invalid');
    expect(combobox()).not.toHaveAccessibleDescription(expect.stringContaining('Choose'));
  });

  it('works inside react-hook-form through Controller: focus, blur and value', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    function AccountForm() {
      const {
        control,
        handleSubmit,
        setFocus,
        formState: { errors },
      } = useForm({ mode: 'onBlur', defaultValues: { account: '' } });
      return (
        <form onSubmit={handleSubmit(onValid)}>
          <Controller
            control={control}
            name="account"
            rules={{ required: 'Choose an account type' }}
            render={({ field }) => (
              <Dropdown
                label="Account type"
                options={options}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(option) => field.onChange(option.value)}
                error={errors.account?.message}
              />
            )}
          />
          <button type="button" onClick={() => setFocus('account')}>
            Focus account
          </button>
          <button type="submit">Save</button>
        </form>
      );
    }
    render(<AccountForm />);
    await user.click(screen.getByRole('button', { name: 'Focus account' }));
    expect(combobox()).toHaveFocus();
    await user.tab();
    expect(await screen.findByText('Choose an account type')).toBeInTheDocument();
    expect(combobox()).toHaveAttribute('aria-invalid', 'true');
    await user.click(combobox());
    await user.click(screen.getByRole('option', { name: 'Credit card' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid.mock.calls[0]?.[0]).toEqual({ account: 'credit' });
  });

  it('sends its value with a native form submit, under its name', () => {
    render(
      <form aria-label="Account">
        <Dropdown label="Account type" name="account_type" options={options} value="credit" onChange={() => {}} />
        <Dropdown
          label="Account types"
          name="kinds"
          options={options}
          isMulti
          value={['checking', 'savings']}
          onChange={() => {}}
        />
      </form>,
    );
    const sent = new FormData(screen.getByRole('form', { name: 'Account' }) as HTMLFormElement);
    expect(sent.get('account_type')).toBe('credit');
    expect(sent.getAll('kinds')).toEqual(['checking', 'savings']);
  });
});
