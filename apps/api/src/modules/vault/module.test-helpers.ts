import { vaultFiles } from '@helo/db/schema';
import { desc, eq } from 'drizzle-orm';
import { type ModuleHarness, must, newest } from '../../../test/harness/module-harness.ts';
import { vaultFileBody } from './vault-requests.test-helpers.ts';

/** The Vault's part of the test harness (module-harness.ts). */
export const harness: ModuleHarness = {
  owned: [
    {
      name: 'vault_file_id',
      paths: [{ route: /\/vault\/files\/\{id\}/, param: 'id' }],
      make: async (send) => {
        // Activating again is a 200; a full Vault (the fuzzer's uploads) is a 409 or 413, not a 500.
        await must(send('POST', '/api/v1/vault/activate', {}));
        const upload = vaultFileBody('fuzz notes.txt', 'Fuzz notes\n', 'text/plain');
        await must(send('POST', '/api/v1/vault/files', upload.payload, upload.headers));
      },
      read: (t, userId) =>
        newest(
          t.database.db
            .select({ id: vaultFiles.id })
            .from(vaultFiles)
            .where(eq(vaultFiles.userId, userId))
            .orderBy(desc(vaultFiles.createdAt))
            .limit(1),
        ),
    },
  ],
};
