import { z } from 'zod';
import { envelope } from './envelope.ts';

export const goal = z.object({
  id: z.number().int(),
  slug: z.string(),
  goal_name: z.string(),
  description: z.string(),
});
export const goalsResponse = envelope(z.array(goal));

export const debt = z.object({ id: z.number().int(), debt_name: z.string(), image_url: z.string() });
export type Debt = z.infer<typeof debt>;
export const debtsResponse = envelope(z.array(debt));
