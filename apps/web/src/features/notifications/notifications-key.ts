/**
 * The bell's query key, apart from its hooks: a page whose save makes the server write a
 * notification invalidates it so the bell shows it, without taking the bell's code (some of those
 * pages are outside the dashboard; vite.config.ts keeps the bell in the dashboard's chunk).
 */
export const NOTIFICATIONS_KEY = ['notifications'];
