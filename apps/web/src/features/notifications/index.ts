// The notifications feature's public file: code outside the feature imports this file only (ARCHITECTURE.md,
// "Modules keep to themselves"; `npm run lint` checks it).
export { formatShortDate } from './notification-format.ts';
export { NOTIFICATIONS_KEY } from './notifications-key.ts';
