import { z } from 'zod';
import { envelope } from './envelope.ts';
import { intId } from './fields.ts';

export const saveGoalsBody = z.object({
  goal_ids: z
    .array(intId('Goal id'), { error: 'goal_ids must be a list' })
    .min(1, 'Pick at least one goal')
    .max(20, 'Too many goals'),
});
export const saveGoalsResponse = envelope(z.object({ goal_ids: z.array(z.number().int()) }));
