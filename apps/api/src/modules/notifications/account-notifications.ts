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
  passkeyAdded: (name: string): NewNotification => ({
    kind: 'passkey_added',
    title: 'Passkey added',
    message: `The passkey "${name}" can now be used to sign in to your account. If this was not you, remove it in Profile Settings and change your password.`,
  }),
  passkeyRemoved: (name: string): NewNotification => ({
    kind: 'passkey_removed',
    title: 'Passkey removed',
    message: `The passkey "${name}" was removed and can no longer be used to sign in. If this was not you, change your password now.`,
  }),
  twoFactorEnabled: (): NewNotification => ({
    kind: 'two_factor_enabled',
    title: 'Two-factor sign-in is on',
    message:
      'Signing in now asks for a code from your authenticator app after the password. Keep your recovery codes somewhere safe.',
  }),
  twoFactorDisabled: (): NewNotification => ({
    kind: 'two_factor_disabled',
    title: 'Two-factor sign-in is off',
    message:
      'Signing in asks for the password only. If this was not you, change your password now and contact support.',
  }),
  recoveryCodeUsed: (left: string): NewNotification => ({
    kind: 'recovery_code_used',
    title: 'A recovery code was used',
    message: `One of your recovery codes was used. ${left} If this was not you, change your password now.`,
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
