import type { NewNotification } from './notifications.repository.ts';

/** The notifications the server writes for account events (decisions.md "Notifications"). */
export const accountNotifications = {
  welcome: (firstName: string): NewNotification => ({
    kind: 'welcome',
    title: 'Welcome to Helo',
    message: `Hi ${firstName}, welcome aboard! Start by adding your loans, a budget or a savings goal, and your dashboard will fill in as you go.`,
  }),
  emailVerified: (): NewNotification => ({
    kind: 'email_verified',
    title: 'Email verified',
    message: 'Thank you for confirming your email address. Reminders and security notices will reach you there.',
  }),
  passwordChanged: (): NewNotification => ({
    kind: 'password_changed',
    title: 'Your password was changed',
    message:
      'The password of your account was changed and your other devices were signed out. If this was not you, reset your password now and contact support.',
  }),
  /** `professionals` in words ("a financial advisor and an accountant"); `updated` for a request sent again. */
  advisorRequestReceived: (professionals: string, updated: boolean): NewNotification => ({
    kind: 'advisor_request_received',
    title: 'Advisor request received',
    message: updated
      ? `We received your updated request: you would like to connect with ${professionals}. Our team will contact you by email to arrange it.`
      : `Thanks for reaching out! We received your request to connect with ${professionals}. Our team will contact you by email to arrange it.`,
  }),
};
