import { plainName } from './plain-name.ts';

/** A mail ready to queue: both a plain-text and an HTML body, as mail clients expect. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
}

const escapeHtml = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

export function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#0f766e;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555">If the button does not work, copy this link into your browser:<br>${escapeHtml(action.url)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}${button}
<p style="font-size:12px;color:#6b7280">Helo · You received this email because of activity on your Helo account.</p></body></html>`;
}

export function textLayout(paragraphs: string[], action?: { label: string; url: string }): string {
  return [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), '— Helo'].join('\n\n');
}

export function verificationMail(to: string, firstName: string, url: string): MailMessage {
  const paragraphs = [
    `Hi ${plainName(firstName)},`,
    'Welcome to Helo! Please confirm your email address so we can keep your account secure.',
    'This link is valid for 24 hours.',
  ];
  const action = { label: 'Verify my email', url };
  return {
    to,
    subject: 'Verify your email for Helo',
    text: textLayout(paragraphs, action),
    html: layout('Verify your email', paragraphs, action),
    kind: 'verify_email',
  };
}

export function resetPasswordMail(to: string, firstName: string, url: string): MailMessage {
  const paragraphs = [
    `Hi ${plainName(firstName)},`,
    'We received a request to reset the password of your Helo account. The link is valid for 1 hour and works once.',
    'If you did not ask for this, you can ignore this email: your password stays the same.',
  ];
  const action = { label: 'Reset my password', url };
  return {
    to,
    subject: 'Reset your Helo password',
    text: textLayout(paragraphs, action),
    html: layout('Reset your password', paragraphs, action),
    kind: 'reset_password',
  };
}

export function passwordChangedMail(to: string, firstName: string, supportEmail: string): MailMessage {
  const paragraphs = [
    `Hi ${plainName(firstName)},`,
    'The password of your Helo account was just changed, and your other sessions were signed out.',
    `If this was not you, reset your password at once and write to ${supportEmail}.`,
  ];
  return {
    to,
    subject: 'Your Helo password was changed',
    text: textLayout(paragraphs),
    html: layout('Your password was changed', paragraphs),
    kind: 'password_changed',
  };
}

/** A passkey added to or removed from the account: always sent, whatever the reminder preferences. */
function passkeyMail(to: string, firstName: string, name: string, supportEmail: string, added: boolean): MailMessage {
  const paragraphs = [
    `Hi ${plainName(firstName)},`,
    added
      ? `A passkey named "${plainName(name, '(no name)')}" was just added to your Helo account. It can now be used to sign in.`
      : `The passkey named "${plainName(name, '(no name)')}" was just removed from your Helo account. It can no longer be used to sign in.`,
    `If this was not you, change your password at once, check your passkeys in Profile Settings, and write to ${supportEmail}.`,
  ];
  const title = added ? 'A passkey was added' : 'A passkey was removed';
  return {
    to,
    subject: added ? 'A passkey was added to your Helo account' : 'A passkey was removed from your Helo account',
    text: textLayout(paragraphs),
    html: layout(title, paragraphs),
    kind: added ? 'passkey_added' : 'passkey_removed',
  };
}

export const passkeyAddedMail = (to: string, firstName: string, name: string, supportEmail: string) =>
  passkeyMail(to, firstName, name, supportEmail, true);
export const passkeyRemovedMail = (to: string, firstName: string, name: string, supportEmail: string) =>
  passkeyMail(to, firstName, name, supportEmail, false);

/** A recurring bill or subscription due soon (issue 30 item 2), by the payment reminders' preferences. */
export function billDueMail(to: string, firstName: string, bill: string, amount: string, when: string): MailMessage {
  const paragraphs = [
    `Hi ${plainName(firstName)},`,
    `A reminder that ${bill} (${amount}) is due on ${when}.`,
    'You can change when we remind you, or turn these emails off, in Profile Settings.',
  ];
  return {
    to,
    subject: `${bill} is due on ${when}`,
    text: textLayout(paragraphs),
    html: layout('Bill due soon', paragraphs),
    kind: 'bill_due',
  };
}

export function paymentDueMail(to: string, firstName: string, loan: string, amount: string, when: string): MailMessage {
  const paragraphs = [
    `Hi ${plainName(firstName)},`,
    `A reminder that your ${loan} payment of ${amount} is due on ${when}.`,
    'You can change when we remind you, or turn these emails off, in Profile Settings.',
  ];
  return {
    to,
    subject: `Your ${loan} payment is due on ${when}`,
    text: textLayout(paragraphs),
    html: layout('Loan payment due soon', paragraphs),
    kind: 'loan_payment_due',
  };
}

/** The forecast's low-balance alert (issue 30 item 4): sent once per episode, with payment reminders. */
export function lowBalanceMail(to: string, firstName: string, message: string): MailMessage {
  const paragraphs = [
    `Hi ${plainName(firstName)},`,
    message,
    'The Forecast page in My Wallet shows the days ahead. You can turn these emails off in Profile Settings (payment reminders).',
  ];
  return {
    to,
    subject: 'Low balance ahead',
    text: textLayout(paragraphs),
    html: layout('Low balance ahead', paragraphs),
    kind: 'forecast_low_balance',
  };
}

/** Two-factor sign-in turned on or off: a security mail, always sent. */
export function twoFactorChangedMail(to: string, firstName: string, on: boolean, supportEmail: string): MailMessage {
  const paragraphs = [
    `Hi ${plainName(firstName)},`,
    on
      ? 'Two-factor sign-in is now on for your Helo account: signing in asks for a code from your authenticator app after the password. Keep your recovery codes somewhere safe.'
      : 'Two-factor sign-in was just turned off for your Helo account: signing in asks for the password only.',
    `If this was not you, change your password at once and write to ${supportEmail}.`,
  ];
  const title = on ? 'Two-factor sign-in is on' : 'Two-factor sign-in is off';
  return {
    to,
    subject: on
      ? 'Two-factor sign-in is on for your Helo account'
      : 'Two-factor sign-in was turned off on your Helo account',
    text: textLayout(paragraphs),
    html: layout(title, paragraphs),
    kind: on ? 'two_factor_enabled' : 'two_factor_disabled',
  };
}

/** A recovery code was used (to sign in or to confirm an action): how many are left. */
export function recoveryCodeUsedMail(to: string, firstName: string, left: number, supportEmail: string): MailMessage {
  const paragraphs = [
    `Hi ${plainName(firstName)},`,
    `One of your recovery codes was just used on your Helo account. ${codesLeft(left)}`,
    `If this was not you, change your password at once and write to ${supportEmail}.`,
  ];
  return {
    to,
    subject: 'A recovery code was used on your Helo account',
    text: textLayout(paragraphs),
    html: layout('A recovery code was used', paragraphs),
    kind: 'recovery_code_used',
  };
}

/** Shared by the mail and the notification of a used recovery code. */
export function codesLeft(left: number): string {
  if (left === 0) return 'You have no recovery codes left: make a new set in Profile Settings.';
  const count = left === 1 ? '1 recovery code left' : `${left} recovery codes left`;
  return left <= 3 ? `You have ${count}; consider making a new set in Profile Settings.` : `You have ${count}.`;
}

/** A savings milestone (the emergency fund's 25/50/75/100 %): the notification's words, by mail. */
export function milestoneMail(to: string, firstName: string, note: { title: string; message: string; kind: string }) {
  const paragraphs = [
    `Hi ${plainName(firstName)},`,
    note.message,
    'You can turn off milestone emails (goal milestones) in Profile Settings.',
  ];
  const mail: MailMessage = {
    to,
    subject: note.title,
    text: textLayout(paragraphs),
    html: layout(note.title, paragraphs),
    kind: note.kind,
  };
  return mail;
}

/** What the support team needs to act on an advisor request ("Connect with an Advisor"). */
export interface AdvisorRequestDetails {
  name: string;
  email: string;
  professionals: readonly string[];
  /** 'No', or 'Yes' with how satisfied they are ('Yes, satisfied'). */
  worksWithProfessional: string;
  updated: boolean;
}

/** An advisor request, to the support address: who asked, for whom, and how to answer them. */
export function advisorRequestMail(to: string, request: AdvisorRequestDetails): MailMessage {
  const title = request.updated ? 'Updated advisor request' : 'New advisor request';
  const paragraphs = [
    `${plainName(request.name, 'Someone')} (${request.email}) ${request.updated ? 'changed their request: they now ask' : 'asks'} to be connected with: ${request.professionals.join(', ')}.`,
    `Already works with a financial professional: ${request.worksWithProfessional}.`,
    `Reply to ${request.email} to arrange the introduction.`,
  ];
  return {
    to,
    subject: `${title}: ${plainName(request.name, 'Someone')}`,
    text: textLayout(paragraphs),
    html: layout(title, paragraphs),
    kind: 'advisor_request',
  };
}

/** The goodbye mail's kind: the dispatcher deletes its row once delivered (nothing of the account stays). */
export const ACCOUNT_DELETED_MAIL = 'account_deleted';

/**
 * The goodbye mail (issue 16): the account and everything in it is gone. It names nothing of the
 * account but the first name, since its outbox row outlives the account until it is delivered.
 */
export function accountDeletedMail(to: string, firstName: string, supportEmail: string): MailMessage {
  const paragraphs = [
    `Hi ${plainName(firstName)},`,
    'Your Helo account has been deleted, as you asked: your loans, budgets, savings, wallet, notifications and every other record of yours are gone, and every device you were signed in on was signed out.',
    'We will not email you again. You are welcome back any time: signing up with this address starts a new, empty account.',
    `If you did not delete your account, write to ${supportEmail} at once.`,
  ];
  return {
    to,
    subject: 'Your Helo account was deleted',
    text: textLayout(paragraphs),
    html: layout('Your account was deleted', paragraphs),
    kind: ACCOUNT_DELETED_MAIL,
  };
}

/** Where and when a sensitive change was made, as the security mail tells it. */
export interface ChangeContext {
  at: Date;
  /** "Chrome on macOS", or "an unknown device". */
  device: string;
  ip: string | null;
}

/**
 * A sensitive change made in sudo mode (issue 24): what changed, when, from which device, and what
 * to do if it was not the owner. Always sent, whatever the reminder preferences.
 */
export function securityChangeMail(
  to: string,
  firstName: string,
  change: string,
  context: ChangeContext,
  supportEmail: string,
): MailMessage {
  const when = new Intl.DateTimeFormat('en-US', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(context.at);
  const paragraphs = [
    `Hi ${firstName},`,
    `${change}.`,
    `When: ${when} UTC. Device: ${context.device}${context.ip ? ` (IP address ${context.ip})` : ''}.`,
    `If this was not you, reset your password at once (use "Forgot password" on the sign-in page), then in Profile Settings sign out every other device and check your passkeys and two-factor sign-in, and write to ${supportEmail}.`,
  ];
  return {
    to,
    subject: 'A security change on your Helo account',
    text: textLayout(paragraphs),
    html: layout('A security change on your account', paragraphs),
    kind: 'security_change',
  };
}
