import { z } from 'zod';
import { envelope } from './envelope.ts';
import { text } from './fields.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-rules.ts';
import { securityInfo, twoFactorChallenge } from './two-factor.ts';

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };
/** Access tokens live 15 minutes; `expires_in` is in milliseconds, as the spec's client expects. */
export const ACCESS_TOKEN_TTL_MS = 15 * 60 * 1000;

const EMAIL_MAX = 254;

const NAME_MAX = 100;

export const emailField = text('Email')
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
  .regex(z.regexes.email, 'Enter a valid email address');

const nameField = (label: string) =>
  text(label).trim().min(1, `${label} is required`).max(NAME_MAX, `${label} must be at most ${NAME_MAX} characters`);

/** The length rules of a new password; the common-password and not-your-email checks run on the server. */
export const newPasswordField = text('Password')
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

// An existing password is only compared, never judged; the cap stops hashing megabytes.
const existingPasswordField = text('Password').min(1, 'Password is required').max(1024, 'Password is too long');

const tokenField = text('Token').min(1, 'Token is required').max(512, 'Token is too long');

export const registerBody = z.object({
  first_name: nameField('First name'),
  last_name: nameField('Last name'),
  email: emailField,
  password: newPasswordField,
});
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({ email: emailField, password: existingPasswordField });
export type LoginBody = z.infer<typeof loginBody>;

export const publicUser = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
});
export type PublicUser = z.infer<typeof publicUser>;

export const tokenFields = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  /** Milliseconds until the access token expires. */
  expires_in: z.number().int(),
});

export const sessionPayload = tokenFields.extend({ user: publicUser });
export type SessionPayload = z.infer<typeof sessionPayload>;
export const sessionResponse = envelope(sessionPayload);
/**
 * `POST /v1/auth/token`: the new pair. When the refresh token came in the HttpOnly cookie, the new one
 * goes back only there: a page script never sees it.
 */
export const refreshPayload = sessionPayload.extend({ refresh_token: z.string().optional() });
export type RefreshPayload = z.infer<typeof refreshPayload>;
export const refreshResponse = envelope(refreshPayload);

/**
 * `POST /v1/auth/login`: the session, or, for an account with two-factor sign-in on, a challenge
 * for the second step (`POST /v1/auth/login/2fa`) and no tokens.
 */
export const loginResponse = envelope(z.union([sessionPayload, twoFactorChallenge]));
export type LoginOutcome = z.infer<typeof loginResponse>['data'];
export const needsSecondFactor = (data: LoginOutcome): data is z.infer<typeof twoFactorChallenge> =>
  'two_factor_required' in data;

/** The refresh token may come in the body (spec) or, for our web client, from the HttpOnly cookie. */
export const refreshBody = z.object({ refresh_token: tokenField.optional() }).nullish();
export const logoutBody = z.object({ refreshToken: tokenField.optional() }).nullish();

export const verifyEmailBody = z.object({ token: tokenField });
/**
 * `session`: a new one for the browser that opened the link while signed in to that account (the
 * first proof of the address ended every earlier session); its refresh token is in the cookie only.
 */
export const verifyEmailResponse = envelope(
  z.object({
    email_verified: z.boolean(),
    session: tokenFields.omit({ refresh_token: true }).extend({ user: publicUser }).optional(),
  }),
);

export const forgotPasswordBody = z.object({ email: emailField });
export const resetPasswordBody = z.object({ token: tokenField, password: newPasswordField });

export const changePasswordBody = z.object({
  current_password: existingPasswordField,
  new_password: newPasswordField,
});

export const profileBody = z.object({ first_name: nameField('First name'), last_name: nameField('Last name') });
export const profileResponse = envelope(publicUser);

export const onboardingInfo = z.object({
  user: publicUser,
  onboarding: z.object({
    email_verified: z.boolean(),
    member_since: z.string(),
    /** Ids of the goals picked during onboarding; empty until then. */
    goal_ids: z.array(z.number().int()),
  }),
  security: securityInfo,
});
export const onboardingResponse = envelope(onboardingInfo);

export const activeSession = z.object({
  id: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  /** The session making this request. */
  current: z.boolean(),
});
export const activeSessionsResponse = envelope(z.array(activeSession));
export const revokedSessionsResponse = envelope(z.object({ revoked: z.number().int() }));
