import {
  type CsvMappingBody,
  type WalletImportPreview,
  walletImportPreviewResponse,
  walletImportResultResponse,
} from '@helo/contract/wallet';
import { expectFound } from '../../../lib/api-client.ts';
import { api } from '../../../lib/auth.ts';

const PATH = '/v1/wallet/imports';

/** Sends the file (multipart field `file`); the answer is the first reading of it. */
export async function uploadBankFile(file: File): Promise<WalletImportPreview> {
  const form = new FormData();
  form.append('file', file, file.name);
  return expectFound(await api.upload(PATH, form, walletImportPreviewResponse)).data;
}

/** Reads the uploaded CSV again with another mapping. */
export async function previewImport(id: string, mapping: CsvMappingBody): Promise<WalletImportPreview> {
  return expectFound(
    await api.post(`${PATH}/${encodeURIComponent(id)}/preview`, { mapping }, walletImportPreviewResponse),
  ).data;
}

/** Adds the rows that are not already in the Wallet; a CSV's with the mapping the preview showed. */
export async function commitImport(id: string, mapping: CsvMappingBody | null) {
  return expectFound(
    await api.post(`${PATH}/${encodeURIComponent(id)}/commit`, mapping ? { mapping } : {}, walletImportResultResponse),
  ).data;
}
