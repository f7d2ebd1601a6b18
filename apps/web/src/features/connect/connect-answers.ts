import type { ConnectBody, ConnectRequest } from '@helo/contract/connect';

/** What the form holds: the contract's body, with the spec's defaults filled in. */
export interface ConnectAnswers {
  professionals_need: ConnectRequest['professionals_need'];
  has_working_professional: boolean;
  satisfaction_level: ConnectRequest['satisfaction_level'];
}

/** The form's values as the contract's schema passed them (no satisfaction level may be undefined). */
export type ConnectSubmitted = Omit<ConnectAnswers, 'satisfaction_level'> & {
  satisfaction_level?: ConnectAnswers['satisfaction_level'] | undefined;
};

/**
 * The form's first values: the answers sent last time on a second visit, else nothing chosen and
 * "yes, I work with a professional" (spec §3: has_working_professional defaults to true).
 */
export function initialAnswers(saved: ConnectRequest | null): ConnectAnswers {
  if (!saved) return { professionals_need: [], has_working_professional: true, satisfaction_level: null };
  return {
    professionals_need: [...saved.professionals_need],
    has_working_professional: saved.has_working_professional,
    satisfaction_level: saved.satisfaction_level,
  };
}

/**
 * The body to send. The satisfaction question is hidden for a "no", so an answer picked before
 * switching to "no" is not sent (the server would store null anyway).
 */
export function connectBodyOf(answers: ConnectSubmitted): ConnectBody {
  return {
    professionals_need: answers.professionals_need,
    has_working_professional: answers.has_working_professional,
    satisfaction_level: answers.has_working_professional ? (answers.satisfaction_level ?? null) : null,
  };
}
