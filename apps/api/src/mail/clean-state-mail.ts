import { layout, type MailMessage, textLayout } from './templates.ts';

/**
 * The mail after the first proof that the address is the owner's (`first-proof.repository.ts`):
 * the account was reset to a clean state, so an owner whose address someone registered first knows
 * what was removed and that nothing of the other person's remains.
 */
export function cleanStateMail(
  to: string,
  firstName: string,
  proof: 'verification' | 'password_reset',
  supportEmail: string,
): MailMessage {
  const paragraphs = [
    `Hi ${firstName},`,
    proof === 'verification'
      ? 'Your email address is confirmed.'
      : 'Your password was reset, which also confirmed your email address.',
    'Because this is the first time this address was proven to be yours, your account was reset to a clean state: every passkey, two-factor sign-in setting, recovery code and sign-in made before now was removed, in case someone else created the account with your address.',
    'If you want passkeys or two-factor sign-in, set them up again in Profile Settings.',
    `If you did not create a Helo account, write to ${supportEmail}.`,
  ];
  return {
    to,
    subject: 'Your Helo account was reset to a clean state',
    text: textLayout(paragraphs),
    html: layout('Your account was reset to a clean state', paragraphs),
    kind: 'account_clean_state',
  };
}
