// The tools module's public file: code outside the module imports this file only (ARCHITECTURE.md,
// "Modules keep to themselves"; `npm run lint` checks it).

export { toolsModule } from './module.ts';
export { toolsRoutes } from './tools.routes.ts';
export { ToolsService } from './tools.service.ts';
