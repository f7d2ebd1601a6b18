import { defineModule } from '../../api-module.ts';

/**
 * The savings pot the emergency fund and the goals share (issue 27 item 6): no routes, services or
 * tables of its own; the two areas build theirs on it.
 */
export const savingsPotModule = defineModule({ name: 'savings-pot' });
