// The passkeys module's public file: code outside the module imports this file only (ARCHITECTURE.md,
// "Modules keep to themselves"; `npm run lint` checks it).

export { passkeysModule } from './module.ts';
export { passkeyRoutes } from './passkeys.routes.ts';
export { PasskeysService } from './passkeys.service.ts';
export { relyingParty } from './relying-party.ts';
