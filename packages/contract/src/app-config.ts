import { z } from 'zod';
import { envelope } from './envelope.ts';

/** Public settings the web app needs before anyone signs in. */
export const appConfig = z.object({ support_email: z.string() });
export type AppConfigPayload = z.infer<typeof appConfig>;
export const appConfigResponse = envelope(appConfig);
