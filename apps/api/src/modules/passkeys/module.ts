import { passkeys, webauthnChallenges } from '@helo/db/schema';
import { byUser, defineModule, routes } from '../../api-module.ts';
import type { AuthService } from '../auth/index.ts';
import { passkeyRoutes } from './passkeys.routes.ts';
import { PasskeysService } from './passkeys.service.ts';
import { relyingParty } from './relying-party.ts';

/** Passkeys: adding and removing them, signing in and confirming with one (/api/v1/auth/passkeys…). */
export const passkeysModule = defineModule({
  name: 'passkeys',
  services: ({ db, clock, mailer, config }, { auth }: { auth: AuthService }) => ({
    passkeys: new PasskeysService(db, clock, mailer, auth, relyingParty(config.appUrl), config.supportEmail),
  }),
  routes: ({ config }, { passkeys, authenticate }) => [
    routes('/api/v1/auth', passkeyRoutes, { service: passkeys, config, authenticate }),
  ],
  userTables: [
    {
      name: 'passkeys',
      table: passkeys,
      scope: byUser(passkeys.userId),
      withheld: ['credential_id', 'public_key', 'counter'],
      about: 'Your passkeys: name, kind of device, whether it is synced, when added and last used.',
      orderBy: [passkeys.id],
    },
    {
      name: 'webauthn_challenges',
      table: webauthnChallenges,
      scope: byUser(webauthnChallenges.userId),
      withheld: ['challenge'],
      about: 'Passkey registrations started and not yet finished (they expire within minutes).',
      orderBy: [webauthnChallenges.createdAt, webauthnChallenges.id],
    },
  ],
});
