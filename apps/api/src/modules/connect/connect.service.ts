import type { ConnectRequest, connectBody, Professional, SatisfactionLevel } from '@helo/contract/connect';
import type { Db } from '@helo/db/client';
import type { ConnectRequestRow } from '@helo/db/schema';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { advisorRequestMail, type MailMessage } from '../../mail/templates.ts';
import { accountNotifications, insertNotification } from '../notifications/index.ts';
import {
  type ConnectAnswers,
  findConnectRequest,
  findRequester,
  insertConnectRequest,
  updateConnectRequest,
} from './connect.repository.ts';
import { professionalsInWords, workingProfessionalInWords } from './connect-words.ts';

/** The form's answers as the contract parsed them (has_working_professional defaulted to true). */
export type ConnectInput = z.output<typeof connectBody>;

export const NO_REQUEST = 'No advisor request yet';
export const ALREADY_SENT = 'You have already sent an advisor request. Update it instead.';

/**
 * "Connect with an Advisor": the user's one request to be put in touch with financial
 * professionals. Every save (the first and each update) tells the user in the bell and mails the
 * request to the support team, in the transaction of the save: both happen exactly when it commits.
 */
export class ConnectService {
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #mailer: Mailer;
  readonly #supportEmail: string;

  constructor(db: Db, clock: Clock, mailer: Mailer, supportEmail: string) {
    this.#db = db;
    this.#clock = clock;
    this.#mailer = mailer;
    this.#supportEmail = supportEmail;
  }

  async get(userId: string): Promise<ConnectRequest> {
    const row = await findConnectRequest(this.#db, userId);
    if (!row) throw notFound(NO_REQUEST);
    return toRequest(row);
  }

  /** One request per user: a second create is a 409, even when two arrive at once. */
  create(userId: string, body: ConnectInput): Promise<ConnectRequest> {
    return this.#save(userId, body, false, async (tx, answers, now) => {
      const row = await insertConnectRequest(tx, userId, answers, now);
      if (!row) throw conflict(ALREADY_SENT);
      return row;
    });
  }

  update(userId: string, body: ConnectInput): Promise<ConnectRequest> {
    return this.#save(userId, body, true, async (tx, answers, now) => {
      const row = await updateConnectRequest(tx, userId, answers, now);
      if (!row) throw notFound(NO_REQUEST);
      return row;
    });
  }

  async #save(
    userId: string,
    body: ConnectInput,
    updated: boolean,
    write: (tx: Db, answers: ConnectAnswers, now: Date) => Promise<ConnectRequestRow>,
  ): Promise<ConnectRequest> {
    const now = this.#clock.now();
    const answers = answersOf(body);
    // Collected per call, never on the service, which serves concurrent requests.
    const mails: MailMessage[] = [];
    const saved = await this.#db.transaction(async (tx) => {
      const row = await write(tx, answers, now);
      const request = toRequest(row);
      const words = professionalsInWords(request.professionals_need);
      await insertNotification(tx, userId, accountNotifications.advisorRequestReceived(words, updated), now);
      const requester = await findRequester(tx, userId);
      if (requester) {
        const mail = advisorRequestMail(this.#supportEmail, {
          // One line: the name goes into the subject.
          name: `${requester.firstName} ${requester.lastName}`.replace(/\s+/g, ' ').trim(),
          email: requester.email,
          professionals: request.professionals_need,
          worksWithProfessional: workingProfessionalInWords(
            request.has_working_professional,
            request.satisfaction_level,
          ),
          updated,
        });
        await this.#mailer.queue(tx, mail);
        mails.push(mail);
      }
      return request;
    });
    this.#mailer.afterCommit(mails);
    return saved;
  }
}

/** The satisfaction question is only asked of someone who works with a professional (spec §3). */
function answersOf(body: ConnectInput): ConnectAnswers {
  return {
    professionalsNeed: [...body.professionals_need],
    hasWorkingProfessional: body.has_working_professional,
    satisfactionLevel: body.has_working_professional ? (body.satisfaction_level ?? null) : null,
  };
}

function toRequest(row: ConnectRequestRow): ConnectRequest {
  return {
    id: row.id,
    // The contract and the CHECK keep both to the spec's lists.
    professionals_need: row.professionalsNeed as Professional[],
    has_working_professional: row.hasWorkingProfessional,
    satisfaction_level: row.satisfactionLevel as SatisfactionLevel | null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
