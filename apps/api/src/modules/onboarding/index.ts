// The onboarding module's public file: code outside the module imports this file only (ARCHITECTURE.md,
// "Modules keep to themselves"; `npm run lint` checks it).

export { onboardingModule } from './module.ts';
export { listUserGoalIds } from './onboarding.repository.ts';
export { onboardingRoutes } from './onboarding.routes.ts';
export { OnboardingService } from './onboarding.service.ts';
