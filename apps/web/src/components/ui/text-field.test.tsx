import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FormEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { TextField, type TextFieldType } from './text-field.tsx';

describe('TextField', () => {
  it('is labelled and is a text input by default', () => {
    render(<TextField label="First name" name="first_name" />);
    const input = screen.getByRole('textbox', { name: 'First name' });
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('name', 'first_name');
  });

  it.each<[TextFieldType]>([['text'], ['email'], ['number'], ['date'], ['password']])('renders the %s type', (type) => {
    render(<TextField label="Field" type={type} />);
    expect(screen.getByLabelText('Field')).toHaveAttribute('type', type);
  });

  it('passes input props through', () => {
    render(<TextField label="Email" type="email" autoComplete="email" placeholder="you@example.com" required />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('autocomplete', 'email');
    expect(input).toHaveAttribute('placeholder', 'you@example.com');
    expect(input).toBeRequired();
  });

  it('works controlled with value and onChange', async () => {
    const user = userEvent.setup();
    const seen = vi.fn();
    function Controlled() {
      const [value, setValue] = useState('');
      return (
        <TextField
          label="City"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            seen(event.target.value);
          }}
        />
      );
    }
    render(<Controlled />);
    await user.type(screen.getByLabelText('City'), 'Austin');
    expect(screen.getByLabelText('City')).toHaveValue('Austin');
    expect(seen).toHaveBeenLastCalledWith('Austin');
  });

  it('shows an error under the input with the warning icon, marks it invalid and describes it', () => {
    render(<TextField label="Email" error="Enter a valid email" />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter a valid email');
    const error = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(error).toHaveTextContent('Enter a valid email');
    expect(error?.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    // The error follows the input in reading order.
    expect(input.compareDocumentPosition(error as Node) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('is neither invalid nor described when there is no error', () => {
    render(<TextField label="Email" />);
    const input = screen.getByLabelText('Email');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByText(/./, { selector: 'p' })).toBeNull();
  });

  it('describes the input by its hint, and by hint and error together', () => {
    const { rerender } = render(<TextField label="Password" type="password" hint="At least 12 characters" />);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('At least 12 characters');
    rerender(<TextField label="Password" type="password" hint="At least 12 characters" error="Too short" />);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('At least 12 characters Too short');
  });

  it('keeps a description given by the caller', () => {
    render(
      <>
        <p id="outside">Shown on your profile</p>
        <TextField label="Nickname" aria-describedby="outside" error="Too long" />
      </>,
    );
    expect(screen.getByLabelText('Nickname')).toHaveAccessibleDescription('Shown on your profile Too long');
  });

  it('can be disabled', async () => {
    const user = userEvent.setup();
    render(<TextField label="Email" disabled />);
    const input = screen.getByLabelText('Email');
    expect(input).toBeDisabled();
    await user.type(input, 'x');
    expect(input).toHaveValue('');
  });

  it('takes focus from the keyboard', async () => {
    const user = userEvent.setup();
    render(<TextField label="Email" />);
    await user.tab();
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  describe('password', () => {
    it('shows and hides the password with a toggle button', async () => {
      const user = userEvent.setup();
      render(<TextField label="Password" type="password" />);
      const input = screen.getByLabelText('Password');
      await user.type(input, 'correct horse');
      expect(input).toHaveAttribute('type', 'password');

      const show = screen.getByRole('button', { name: 'Show password' });
      expect(show).toHaveAttribute('aria-pressed', 'false');
      expect(show).toHaveAttribute('type', 'button');
      await user.click(show);

      expect(input).toHaveAttribute('type', 'text');
      expect(input).toHaveValue('correct horse');
      const hide = screen.getByRole('button', { name: 'Hide password' });
      expect(hide).toHaveAttribute('aria-pressed', 'true');
      await user.click(hide);

      expect(input).toHaveAttribute('type', 'password');
      expect(screen.getByRole('button', { name: 'Show password' })).toHaveAttribute('aria-pressed', 'false');
    });

    it('toggles from the keyboard, after the input in tab order', async () => {
      const user = userEvent.setup();
      render(<TextField label="Password" type="password" />);
      await user.tab();
      expect(screen.getByLabelText('Password')).toHaveFocus();
      await user.tab();
      expect(screen.getByRole('button', { name: 'Show password' })).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
      await user.keyboard(' ');
      expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    });

    it('does not submit the form it is in', async () => {
      const user = userEvent.setup();
      const onSubmit = vi.fn((event: FormEvent) => event.preventDefault());
      render(
        <form onSubmit={onSubmit}>
          <TextField label="Password" type="password" />
        </form>,
      );
      await user.click(screen.getByRole('button', { name: 'Show password' }));
      expect(onSubmit).not.toHaveBeenCalled();
    });

    it('disables the toggle with the input', () => {
      render(<TextField label="Password" type="password" disabled />);
      expect(screen.getByRole('button', { name: 'Show password' })).toBeDisabled();
    });

    it('has no toggle on other types', () => {
      render(<TextField label="Email" type="email" />);
      expect(screen.queryByRole('button')).toBeNull();
    });
  });

  describe('with react-hook-form register()', () => {
    type Values = { email: string };

    function SignIn({ onValid }: { onValid: (values: Values) => void }) {
      const {
        register,
        handleSubmit,
        setFocus,
        formState: { errors },
      } = useForm<Values>({ mode: 'onBlur', defaultValues: { email: '' } });
      return (
        <form onSubmit={handleSubmit(onValid)}>
          <TextField
            label="Email"
            type="email"
            error={errors.email?.message}
            {...register('email', { required: 'Email is required' })}
          />
          <button type="button" onClick={() => setFocus('email')}>
            Focus email
          </button>
          <button type="submit">Log in</button>
        </form>
      );
    }

    it('reads the value, validates on blur and focuses through the ref', async () => {
      const user = userEvent.setup();
      const onValid = vi.fn();
      render(<SignIn onValid={onValid} />);
      const input = screen.getByLabelText('Email');

      // onBlur reaches react-hook-form: leaving the empty field shows its error.
      await user.click(input);
      await user.tab();
      expect(await screen.findByText('Email is required')).toBeInTheDocument();
      expect(input).toHaveAttribute('aria-invalid', 'true');

      // ref reaches react-hook-form: it can focus the input.
      await user.click(screen.getByRole('button', { name: 'Focus email' }));
      expect(input).toHaveFocus();

      // onChange and name reach react-hook-form: the typed value is submitted.
      await user.type(input, 'ana@example.com');
      await user.click(screen.getByRole('button', { name: 'Log in' }));
      expect(onValid).toHaveBeenCalledTimes(1);
      expect(onValid.mock.calls[0]?.[0]).toEqual({ email: 'ana@example.com' });
      expect(screen.queryByText('Email is required')).toBeNull();
    });
  });
});
