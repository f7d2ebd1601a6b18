// The whole schema in one object, for drizzle's relational queries and drizzle-kit.
export * from './schema/budgets.ts';
export * from './schema/catalogues.ts';
export * from './schema/connect.ts';
export * from './schema/emergency-fund.ts';
export * from './schema/feedback.ts';
export * from './schema/investments.ts';
export * from './schema/lifestyle-goals.ts';
export * from './schema/nest.ts';
export * from './schema/notifications.ts';
export * from './schema/one-time-tokens.ts';
export * from './schema/outbox.ts';
export * from './schema/sessions.ts';
export * from './schema/user-debts.ts';
export * from './schema/user-goals.ts';
export * from './schema/users.ts';
export * from './schema/wallet.ts';
