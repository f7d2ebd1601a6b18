import { feedback } from '@helo/db/schema';
import { eq } from 'drizzle-orm';
import { byUser, defineModule, routes } from '../../api-module.ts';
import { feedbackRoutes } from './feedback.routes.ts';
import { FeedbackService } from './feedback.service.ts';

/** Answers to the feedback screen, signed in or not (/api/v1/feedback). */
export const feedbackModule = defineModule({
  name: 'feedback',
  services: ({ db, clock }) => ({ feedback: new FeedbackService(db, clock) }),
  routes: ({ config }, { feedback, identify }) => [
    routes('/api/v1', feedbackRoutes, { service: feedback, config, identify }),
  ],
  userTables: [
    {
      name: 'feedback',
      table: feedback,
      scope: byUser(feedback.userId),
      withheld: [],
      about: 'Answers you gave to the feedback screen while signed in.',
      orderBy: [feedback.createdAt, feedback.id],
      // Its foreign key sets null, so an answer would stay, unsigned but with its comment.
      deleteOutsideCascade: async (tx, { id }) => {
        await tx.delete(feedback).where(eq(feedback.userId, id));
      },
    },
  ],
});
