import { defineConfig } from 'drizzle-kit';

// Only used to generate migrations (`npm run db:generate -w @helo/db`); they are applied at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema.ts',
  out: './migrations',
});
