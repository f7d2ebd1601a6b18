// The Money Nest's public file: what other modules and the app's assembly use of it.

export { lockNestAccount, type NestWithDueLoans, nestsWithDueLoans } from './nest.repository.ts';
export { NOT_ACTIVE } from './nest.service.ts';
export type { NestTarget, NestTargets } from './nest-targets.ts';
