// The forecast's public file: code outside the module imports this file only (ARCHITECTURE.md,
// "Modules keep to themselves"; `npm run lint` checks it).
export type { ExpectedMoney } from './expected-money.ts';
export { forecastRoutes } from './forecast.routes.ts';
export { FORECAST_KINDS, ForecastService } from './forecast.service.ts';
export { FORECAST_ALERTS_QUEUE, forecastModule } from './module.ts';
