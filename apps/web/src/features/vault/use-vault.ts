import {
  type VaultFile,
  type VaultStatus,
  vaultFileResponse,
  vaultFilesResponse,
  vaultStatusResponse,
  vaultUploadResponse,
} from '@helo/contract/vault';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';
import { uploadWithProgress } from '../../lib/upload.ts';
import { VAULT_KEY, VAULT_PATH } from './vault-query.ts';

export { useVault, VAULT_KEY } from './vault-query.ts';

export const VAULT_FILES_KEY = ['vault', 'files'];
const FILES_PATH = `${VAULT_PATH}/files`;
const filePath = (id: string) => `${FILES_PATH}/${encodeURIComponent(id)}`;

export function useActivateVault() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => expectFound(await api.post(`${VAULT_PATH}/activate`, {}, vaultStatusResponse)).data,
    // The answer is the Vault's status: the page and the menu's lock follow it at once.
    onSuccess: (status) => client.setQueryData<VaultStatus>(VAULT_KEY, status),
  });
}

/** The user's files, read whole (at most VAULT_MAX_FILES): sorted and searched in the browser. */
export function useVaultFiles(enabled: boolean) {
  return useQuery({
    queryKey: VAULT_FILES_KEY,
    enabled,
    queryFn: async (): Promise<VaultFile[]> => expectFound(await api.get(FILES_PATH, vaultFilesResponse)).data,
  });
}

/** After an upload or a delete: the list and the usage as the server answered them. */
function useAfterChange() {
  const client = useQueryClient();
  return (change: { file: VaultFile; vault: VaultStatus }, removed: boolean) => {
    client.setQueryData<VaultStatus>(VAULT_KEY, change.vault);
    client.setQueryData<VaultFile[]>(VAULT_FILES_KEY, (files) => {
      const others = (files ?? []).filter((f) => f.id !== change.file.id);
      return removed ? others : [...others, change.file];
    });
  };
}

/** Sends one file with its progress (0 to 1) reported as it goes. */
export function useUploadFile() {
  const after = useAfterChange();
  return async (file: File, onProgress: (sent: number) => void, signal?: AbortSignal) => {
    const form = new FormData();
    form.append('file', file, file.name);
    const body = await uploadWithProgress(api, FILES_PATH, form, vaultUploadResponse, {
      onProgress,
      ...(signal ? { signal } : {}),
    });
    after(body.data, false);
    return body.data.file;
  };
}

export function useRenameFile(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => expectFound(await api.patch(filePath(id), { name }, vaultFileResponse)),
    onSuccess: ({ data }) =>
      client.setQueryData<VaultFile[]>(VAULT_FILES_KEY, (files) => files?.map((f) => (f.id === data.id ? data : f))),
  });
}

export function useDeleteFile(id: string) {
  const after = useAfterChange();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => expectFound(await api.del(filePath(id), vaultUploadResponse)),
    onSuccess: ({ data }) => after(data, true),
    // Gone already (another tab): the list is read again, so the row does not linger.
    onError: () => void client.invalidateQueries({ queryKey: VAULT_FILES_KEY }),
  });
}

/** The file's bytes through the signed-in API; named as the server names it, else as listed. */
export async function downloadFile(file: VaultFile): Promise<{ blob: Blob; fileName: string }> {
  const { blob, fileName } = await api.download(`${filePath(file.id)}/content`);
  return { blob, fileName: fileName ?? file.name };
}
