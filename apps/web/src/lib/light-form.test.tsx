import { type LoginBody, loginBody } from '@helo/contract/auth';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Checkbox } from '../components/ui/checkbox.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { ApiError } from './api-client.ts';
import { useLightForm } from './light-form.ts';
import { CONNECTION_PROBLEM } from './server-errors.ts';

function LoginForm({ submit }: { submit: (values: LoginBody) => Promise<void> }) {
  const f = useLightForm(async () => loginBody, ['email', 'password'], submit);
  return (
    <form onSubmit={f.onSubmit} onChange={f.onChange} onFocus={f.onFocus} noValidate>
      {f.formError && <p role="alert">{f.formError}</p>}
      <TextField label="Email" type="email" name="email" error={f.errors.email} />
      <TextField label="Password" type="password" name="password" error={f.errors.password} />
      <button type="submit">Log In</button>
    </form>
  );
}

const fill = async (email: string, password: string) => {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password', { selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: 'Log In' }));
  return user;
};

describe('useLightForm', () => {
  it('checks the values with the contract schema before sending, and focuses the first bad field', async () => {
    const submit = vi.fn(async () => {});
    render(<LoginForm submit={submit} />);
    await fill('not-an-email', '');
    expect(submit).not.toHaveBeenCalled();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends the parsed values, and a changed field loses its error', async () => {
    const submit = vi.fn(async () => {});
    render(<LoginForm submit={submit} />);
    const user = await fill('sam@example', '');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('Email'), '.com');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'quiet-meadow-lantern-58');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(submit).toHaveBeenCalledWith({ email: 'sam@example.com', password: 'quiet-meadow-lantern-58' });
  });

  it("puts the server's field errors on their fields and the rest in the form's message", async () => {
    const submit = vi.fn(async () => {
      throw new ApiError(400, 'Check the form', [
        { path: 'email', message: 'This email is not allowed' },
        { path: 'captcha', message: 'Solve the puzzle' },
      ]);
    });
    render(<LoginForm submit={submit} />);
    await fill('sam@example.com', 'quiet-meadow-lantern-58');
    expect(await screen.findByText('This email is not allowed')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Check the form');
  });

  it('says to check the connection when the call never reached the server', async () => {
    render(<LoginForm submit={async () => Promise.reject(new TypeError('Failed to fetch'))} />);
    await fill('sam@example.com', 'quiet-meadow-lantern-58');
    expect(await screen.findByRole('alert')).toHaveTextContent(CONNECTION_PROBLEM);
  });

  it('reads a checkbox as its checked state: unticked fails a literal(true), ticked sends true', async () => {
    const schema = z.object({ accept: z.literal(true, { error: 'Please accept' }) });
    const submit = vi.fn(async () => {});
    function Terms() {
      const f = useLightForm(async () => schema, ['accept'], submit);
      return (
        <form onSubmit={f.onSubmit} onChange={f.onChange} noValidate>
          <Checkbox label="I accept" name="accept" error={f.errors.accept} />
          <button type="submit">Go</button>
        </form>
      );
    }
    render(<Terms />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByText('Please accept')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
    await user.click(screen.getByLabelText('I accept'));
    expect(screen.queryByText('Please accept')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(submit).toHaveBeenCalledWith({ accept: true });
  });
});
