import { type Account, type AccountKind, accountResponse } from '@helo/contract/accounts';
import {
  type CsvMappingBody,
  type WalletImportPreview,
  walletImportPreviewResponse,
  walletImportResultResponse,
} from '@helo/contract/wallet';
import { expectFound } from '../../../lib/api-client.ts';
import { api } from '../../../lib/auth.ts';

const PATH = '/v1/wallet/imports';

/**
 * A reading of the file, with what the server's message says of rows left out ($0 lines: a
 * balance line, a cancelled authorisation; pending rows; a footer), which the contract has no sentence for.
 */
export type ImportReading = WalletImportPreview & { leftOut?: string | null };

const reading = (answer: { data: WalletImportPreview; message: string | undefined }): ImportReading => ({
  ...answer.data,
  leftOut:
    answer.message?.includes('$0') || answer.message?.includes('rounded') || answer.message?.includes('left out')
      ? answer.message
      : null,
});

/** A file of several accounts: the Helo account each of its accounts goes into. */
export type AccountChoices = { key: string; account_id: string }[];

/** Sends the file (multipart field `file`) into the account `accountId`; the answer is the first reading of it. */
export async function uploadBankFile(file: File, accountId: string): Promise<ImportReading> {
  const form = new FormData();
  form.append('file', file, file.name);
  const path = accountId === '' ? PATH : `${PATH}?account_id=${encodeURIComponent(accountId)}`;
  return reading(expectFound(await api.upload(path, form, walletImportPreviewResponse)));
}

/** A new account for the file, made in the import dialog. */
export async function createAccountFor(kind: AccountKind, name: string): Promise<Account> {
  return expectFound(await api.post('/v1/accounts', { kind, name }, accountResponse)).data;
}

/** Reads the uploaded file again: a CSV with another mapping, a file of several accounts with its accounts' choices. */
export async function previewImport(
  id: string,
  mapping: CsvMappingBody | null,
  accounts?: AccountChoices,
): Promise<ImportReading> {
  const body = { ...(mapping ? { mapping } : {}), ...(accounts ? { accounts } : {}) };
  return reading(
    expectFound(await api.post(`${PATH}/${encodeURIComponent(id)}/preview`, body, walletImportPreviewResponse)),
  );
}

/**
 * Adds the rows that are not already in the import's account (a file of several accounts: each
 * account's own); a CSV's with the mapping the preview showed, and without the rows it could not
 * read when the user chose to leave them out.
 */
export async function commitImport(
  id: string,
  mapping: CsvMappingBody | null,
  accounts?: AccountChoices,
  skipProblemRows = false,
) {
  const body = {
    ...(mapping ? { mapping } : {}),
    ...(accounts ? { accounts } : {}),
    ...(skipProblemRows ? { skip_problem_rows: true } : {}),
  };
  return expectFound(await api.post(`${PATH}/${encodeURIComponent(id)}/commit`, body, walletImportResultResponse)).data;
}
