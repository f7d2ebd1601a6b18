import { passkeys } from '@helo/db/schema';
import { desc, eq } from 'drizzle-orm';
import { type ModuleHarness, must } from '../../../test/harness/module-harness.ts';
import { SoftAuthenticator } from '../../../test/harness/soft-authenticator.ts';

/** The passkeys' part of the test harness (module-harness.ts). */
export const harness: ModuleHarness = {
  owned: [
    {
      name: 'passkey_id',
      paths: [{ route: /\/auth\/passkeys\/\{id\}/, param: 'id' }],
      make: async (send) => {
        // A registration as the browser does it, with a software authenticator; a full list (10) is a 409.
        const options = await send('POST', '/api/v1/auth/passkeys/options', {});
        if (options.statusCode !== 200) return must(Promise.resolve(options));
        const credential = new SoftAuthenticator().register(JSON.parse(options.body).data.options);
        await must(send('POST', '/api/v1/auth/passkeys', { name: 'Fuzz key', credential }));
      },
      read: async (t, userId) =>
        (
          await t.database.db
            .select({ id: passkeys.id })
            .from(passkeys)
            .where(eq(passkeys.userId, userId))
            .orderBy(desc(passkeys.id))
            .limit(1)
        )[0]?.id.toString(),
    },
  ],
};
