// The feedback module's public file: code outside the module imports this file only (ARCHITECTURE.md,
// "Modules keep to themselves"; `npm run lint` checks it).
export { feedbackRoutes } from './feedback.routes.ts';
export { FeedbackService } from './feedback.service.ts';
export { feedbackModule } from './module.ts';
