import { Link } from 'react-router';
import { lowestLine } from './forecast-text.ts';
import styles from './lowest-before-payday.module.css';
import { useForecast } from './use-forecast.ts';

/**
 * "Lowest balance before the next payday: $X on <date>", linking to the forecast; nothing until the
 * forecast is read, or without accounts. Small and chart-free: Home and My Wallet show it.
 */
export function LowestBeforePayday({ enabled = true }: { enabled?: boolean }) {
  const forecast = useForecast(90, enabled);
  const f = forecast.data;
  if (!f || f.accounts.length === 0) return null;
  const low = f.lowest_before_payday.amount < 0;
  return (
    <p className={low ? `${styles.line} ${styles.low}` : styles.line}>
      {lowestLine(f)}. <Link to="/dashboard/my-wallet/forecast">See the forecast</Link>
    </p>
  );
}
