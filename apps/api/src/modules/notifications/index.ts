// The notifications module's public file: code outside the module imports this file only (ARCHITECTURE.md,
// "Modules keep to themselves"; `npm run lint` checks it).
export { accountNotifications } from './account-notifications.ts';
export { notificationsModule } from './module.ts';
export { insertNotification, insertNotifications, type NewNotification } from './notifications.repository.ts';
export { notificationRoutes } from './notifications.routes.ts';
export { NotificationService } from './notifications.service.ts';
export { findReminderPreferences } from './reminder-preferences.repository.ts';
export { reminderPreferenceRoutes } from './reminder-preferences.routes.ts';
export { ReminderPreferencesService } from './reminder-preferences.service.ts';
