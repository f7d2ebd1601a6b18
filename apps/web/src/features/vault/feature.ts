import type { Feature } from '../../lib/feature.ts';

/** The Vault, locked until activated. */
export const vaultFeature = {
  id: 'vault',
  routes: [
    {
      path: '/dashboard/helo-vault',
      layout: 'dashboard',
      page: () => import('./vault-page.tsx').then((m) => m.VaultPage),
    },
  ],
  menu: [{ label: 'Vault', to: '/dashboard/helo-vault', section: 'main', order: 90, lockedUntil: 'vault' }],
  activation: () => import('./vault-query.ts').then((m) => m.useVaultActive),
} satisfies Feature;
