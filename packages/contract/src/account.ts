import { z } from 'zod';
import { text } from './fields.ts';

/** `DELETE /v1/account`: the password, and a code (TOTP or recovery) when two-factor sign-in is on. */
export const deleteAccountBody = z.object({
  password: text('Password').min(1, 'Password is required').max(1024, 'Password is too long'),
  code: text('Code').trim().max(64, 'Code is too long').optional(),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

/** The export's file name: `helo-export-2026-11-23.zip`. */
export const exportFileName = (day: string) => `helo-export-${day}.zip`;
