/** What the two-factor section says and hands out, kept apart from the components so it is tested. */

export const RECOVERY_CODES_FILE_NAME = 'helo-recovery-codes.txt';

/** At this many unused recovery codes or fewer, the section asks for a new set. */
export const FEW_RECOVERY_CODES = 3;

/**
 * The secret for typing into an app by hand: groups of four, as apps show it and people read it
 * aloud. Copying takes the secret without the spaces.
 */
export function groupSecret(secret: string): string {
  return (secret.replace(/\s/g, '').match(/.{1,4}/g) ?? []).join(' ');
}

/** '7 recovery codes left', '1 recovery code left', 'No recovery codes left'. */
export function recoveryCodesLeftText(left: number): string {
  if (left <= 0) return 'No recovery codes left';
  return `${left} recovery ${left === 1 ? 'code' : 'codes'} left`;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * The text file of a new set of recovery codes: what they are for and how each is used, so the
 * file makes sense when it is found again months later. CRLF line ends: Windows' Notepad of old
 * shows a file with bare LFs as one line.
 */
export function recoveryCodesFileText(codes: readonly string[], email: string, made: Date): string {
  const lines = [
    'Helo recovery codes',
    `Account: ${email}`,
    `Made on ${dateFormat.format(made)}`,
    '',
    'Each code signs you in once when you cannot use your authenticator app.',
    'Keep them somewhere safe, such as a password manager. Getting a new set',
    'in Profile Settings makes these stop working.',
    '',
    ...codes.map((code, i) => `${String(i + 1).padStart(2, ' ')}. ${code}`),
    '',
  ];
  return lines.join('\r\n');
}

/** The codes for the clipboard: one a line, nothing else, for a password manager's notes. */
export function recoveryCodesClipboardText(codes: readonly string[]): string {
  return codes.join('\n');
}
