import type { WalletImportPreview } from '@helo/contract/wallet';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogFrame } from '../../../components/ui/dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { previewImport } from './import-calls.ts';
import { MappingStep } from './mapping-step.tsx';

vi.mock('./import-calls.ts', () => ({ previewImport: vi.fn() }));
const preview = vi.mocked(previewImport);
afterEach(() => preview.mockReset());

const row = (line: number, payee: string) => ({
  line,
  date: '2026-11-02',
  payee,
  amount: -4.5 as WalletImportPreview['rows'][number]['amount'],
  note: null,
  bank_category: null,
  duplicate: false,
  possible_duplicate: null,
  nest_deposit: false,
  account_key: null,
});
const first: WalletImportPreview = {
  id: 'imp-1',
  account_id: 'acc-1',
  file_name: 'bank.csv',
  format: 'csv',
  columns: ['Date', 'Description', 'Amount'],
  mapping: {
    header: true,
    date: 0,
    payee: 1,
    amount: 2,
    debit: null,
    credit: null,
    memo: null,
    date_order: 'mdy',
    decimal: '.',
    skip_lines: 0,
    sign: null,
    flip_sign: false,
    category: null,
  },
  rows: [row(2, 'Read as guessed')],
  total: 1,
  duplicates: 0,
  possible_duplicates: 0,
  nest_deposits: 0,
  accounts: [],
  left_out: null,
  problems: [],
  problem_count: 0,
  pending: 0,
  footer: 0,
  mapping_remembered: false,
};
const readAs = (payee: string, date_order: 'dmy' | 'ymd'): WalletImportPreview => ({
  ...first,
  mapping: { ...(first.mapping as NonNullable<WalletImportPreview['mapping']>), date_order },
  rows: [row(2, payee)],
});

function Step() {
  const [read, setRead] = useState(first);
  return (
    <DialogFrame open onOpenChange={() => undefined} title="Import">
      <MappingStep preview={read} onPreview={setRead} onNext={() => undefined} />
    </DialogFrame>
  );
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('MappingStep', () => {
  it('sends each change with the whole mapping, and shows only the latest answer', async () => {
    const slow = deferred<WalletImportPreview>();
    const fast = deferred<WalletImportPreview>();
    preview.mockReturnValueOnce(slow.promise).mockReturnValueOnce(fast.promise);
    render(<Step />);
    const order = screen.getByLabelText('Date order');
    await userEvent.selectOptions(order, 'dmy');
    await userEvent.selectOptions(order, 'ymd');
    expect(preview.mock.calls.map(([id, m]) => [id, m?.date_order, m?.amount])).toEqual([
      ['imp-1', 'dmy', 2],
      ['imp-1', 'ymd', 2],
    ]);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await act(async () => fast.resolve(readAs('Read year first', 'ymd')));
    await act(async () => slow.resolve(readAs('Read day first', 'dmy')));
    expect(screen.getByText('Read year first')).toBeTruthy();
    expect(screen.queryByText('Read day first')).toBeNull();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it("says the server's refusal where the rows were, and holds Next until the file reads", async () => {
    preview.mockRejectedValueOnce(
      new ApiError(400, "mapping: Line 12: '11/14/2026' is not a real date", [
        { path: 'mapping', message: "Line 12: '11/14/2026' is not a real date" },
      ]),
    );
    render(<Step />);
    await userEvent.selectOptions(screen.getByLabelText('Date order'), 'dmy');
    expect((await screen.findByRole('alert')).textContent).toBe("Line 12: '11/14/2026' is not a real date");
    expect(screen.queryByText('Read as guessed')).toBeNull();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    preview.mockResolvedValueOnce(readAs('Read again', 'ymd'));
    await userEvent.selectOptions(screen.getByLabelText('Date order'), 'ymd');
    expect(await screen.findByText('Read again')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks nothing while a column is missing, and names it at its field', async () => {
    render(<Step />);
    await userEvent.selectOptions(screen.getByLabelText('Amount is in'), 'split');
    expect(preview).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Money out column')).toHaveProperty('value', '');
    expect(screen.getByText('Choose a money out or a money in column')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    preview.mockResolvedValueOnce(first);
    await userEvent.selectOptions(screen.getByLabelText('Money out column'), '2');
    expect(preview.mock.calls[0]?.[1]).toMatchObject({ amount: null, debit: 2, credit: null });
  });

  it('lists the lines the new columns can not read under the rows they do, and lets Next go on', async () => {
    preview.mockResolvedValueOnce({
      ...readAs('Read day first', 'dmy'),
      problems: [{ line: 7, message: "'13/45/2026' is not a real date" }],
      problem_count: 3,
    });
    render(<Step />);
    await userEvent.selectOptions(screen.getByLabelText('Date order'), 'dmy');
    const list = await screen.findByRole('region', { name: '3 rows can not be read with these columns' });
    expect(list.textContent).toContain("Line 7 '13/45/2026' is not a real date");
    expect(list.textContent).toContain('and 2 more.');
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('sends the lines to skip, the sign column and the flip', async () => {
    preview.mockResolvedValue(first);
    render(<Step />);
    const skip = screen.getByLabelText('Lines to skip before the header');
    await userEvent.clear(skip);
    await userEvent.type(skip, '5');
    await userEvent.click(screen.getByLabelText('Flip the sign of every amount'));
    expect(preview.mock.calls.at(-1)?.[1]).toMatchObject({ skip_lines: 5, flip_sign: true, sign: null });
  });
});
