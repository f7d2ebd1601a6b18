import { z } from 'zod';
import { envelope } from './envelope.ts';
import { text } from './fields.ts';

/**
 * The tools waitlist (issue 17; spec "a tools waitlist"; decisions.md "Tools waitlist"): tools Helo
 * is building, and whether the user asked to hear when each one opens. The list is the product's,
 * kept here, not in the database: a new tool is a code change with its description reviewed.
 */
export const TOOLS = [
  {
    id: 'tax-planner',
    name: 'Tax planner',
    description: 'Estimate this year’s federal tax and see which deductions and credits could lower it.',
  },
  {
    id: 'insurance-check-up',
    name: 'Insurance check-up',
    description: 'Check whether your health, life, home and car cover fits your family and your debts.',
  },
  {
    id: 'credit-score-tracker',
    name: 'Credit score tracker',
    description: 'Follow your credit score month by month and learn what moves it.',
  },
  {
    id: 'net-worth-history',
    name: 'Net worth history',
    description: 'See how everything you own minus everything you owe has changed over the years.',
  },
  {
    id: 'bill-calendar',
    name: 'Bill calendar',
    description: 'Every bill and loan payment of the month on one calendar, with reminders before each.',
  },
] as const;
export type ToolId = (typeof TOOLS)[number]['id'];
export const TOOL_IDS = TOOLS.map((t) => t.id) as ToolId[];

export const toolParams = z.object({ id: text('Tool id').max(64) });

export const tool = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Whether this user is on the tool's waitlist. */
  on_waitlist: z.boolean(),
  /** When the user joined; null when not on the list. */
  joined_at: z.string().nullable(),
});
export type Tool = z.infer<typeof tool>;

export const toolsResponse = envelope(z.array(tool));
export const toolResponse = envelope(tool);
