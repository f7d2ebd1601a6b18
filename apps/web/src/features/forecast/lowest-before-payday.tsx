import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { z } from 'zod';
import { expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';
import { lowestLine } from './forecast-text.ts';
import styles from './lowest-before-payday.module.css';

// Only what the line reads of GET /v1/forecast, so Home does not carry the whole forecast's schema
// (Home's script budget, e2e/specs/performance.spec.ts); the Forecast page parses the whole answer.
const lowest = z.object({ amount: z.number(), date: z.string() });
const lineResponse = z.object({
  data: z.object({
    next_payday: z.string().nullable(),
    lowest_before_payday: lowest,
    days: z.array(z.unknown()),
    accounts: z.array(z.unknown()),
  }),
});

/**
 * "Lowest balance before the next payday: $X on <date>", linking to the forecast; nothing until the
 * forecast is read, or without accounts. Small and chart-free: Home and My Wallet show it.
 */
export function LowestBeforePayday({ enabled = true }: { enabled?: boolean }) {
  const forecast = useQuery({
    queryKey: ['forecast', 'lowest'],
    queryFn: async () => expectFound(await api.get('/v1/forecast?days=90', lineResponse)).data,
    enabled,
  });
  const f = forecast.data;
  if (!f || f.accounts.length === 0) return null;
  const low = f.lowest_before_payday.amount < 0;
  return (
    <p className={low ? `${styles.line} ${styles.low}` : styles.line}>
      {lowestLine(f)}.<Link to="/dashboard/my-wallet/forecast">See the forecast</Link>
    </p>
  );
}
