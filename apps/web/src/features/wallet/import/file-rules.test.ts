import { IMPORT_MAX_BYTES } from '@helo/contract/wallet';
import { describe, expect, it } from 'vitest';
import { CHOOSE_FILE, fileProblem, TOO_LARGE } from './file-rules.ts';
import { importCounts, importedText } from './import-text.ts';

describe('fileProblem', () => {
  it.each(['bank.csv', 'STATEMENT.OFX', 'card.qfx', 'register.QIF', 'camt053.xml'])('lets %s go', (name) => {
    expect(fileProblem({ name, size: 1 })).toBeNull();
    expect(fileProblem({ name, size: IMPORT_MAX_BYTES })).toBeNull();
  });

  it('says what the server would: no file or another type, above 5 MB, empty', () => {
    expect(fileProblem(undefined)).toBe(CHOOSE_FILE);
    expect(fileProblem({ name: 'statement.pdf', size: 10 })).toBe(CHOOSE_FILE);
    expect(fileProblem({ name: 'csv', size: 10 })).toBe(CHOOSE_FILE);
    expect(fileProblem({ name: 'big.csv', size: IMPORT_MAX_BYTES + 1 })).toBe(TOO_LARGE);
    expect(fileProblem({ name: 'empty.csv', size: 0 })).toBe('The file is empty');
  });
});

describe('import texts', () => {
  it('counts what is new and what is left out', () => {
    expect(importCounts({ total: 15, duplicates: 1, nest_deposits: 2 })).toEqual({
      fresh: 12,
      duplicates: 1,
      nestDeposits: 2,
    });
    expect(importCounts({ total: 3, duplicates: 3, nest_deposits: 0 })).toEqual({
      fresh: 0,
      duplicates: 3,
      nestDeposits: 0,
    });
  });

  it('says one transaction or many', () => {
    expect(importedText(1)).toBe('Imported 1 transaction');
    expect(importedText(1200)).toBe('Imported 1,200 transactions');
    expect(importedText(3, 0, 1, 1)).toBe(
      'Imported 3 transactions, 1 transfer between your accounts found, 1 loan payment recorded in My Loans',
    );
  });
});
