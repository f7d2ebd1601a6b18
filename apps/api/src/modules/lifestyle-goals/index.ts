// The lifestyle goals' public file: what other modules and the app's assembly use of them.
export { LifestyleGoalsService } from './lifestyle-goals.service.ts';
