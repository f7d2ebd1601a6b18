import { registerBody } from '@helo/contract/auth';
import { z } from 'zod';

/** The sign-up form's checks: the contract's body and the accepted terms (loaded on the form's first focus). */
export const signupSchema = registerBody.extend({
  accept_terms: z.literal(true, { error: 'Please accept the Terms of Service and Privacy Policy to continue' }),
});

export { sessionResponse } from '@helo/contract/auth';
