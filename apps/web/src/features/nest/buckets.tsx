import type { Nest } from '@helo/contract/nest';
import { formatDollars } from '../../lib/display-format.ts';
import styles from './buckets.module.css';

const bucketKey = (b: { bucket: string; target_id: string | null }) => `${b.bucket}:${b.target_id ?? ''}`;

/** Every bucket's balance: what its account holds (the Wallet, Loan payments, the fund, a goal, an account). */
export function Buckets({ buckets }: { buckets: Nest['buckets'] }) {
  return (
    <section aria-labelledby="buckets-title" className={styles.section}>
      <h2 id="buckets-title" className={styles.title}>
        Your buckets
      </h2>
      <dl className={styles.grid}>
        {buckets.map((b) => (
          <div key={bucketKey(b)} className={styles.bucket}>
            <dt>{b.name}</dt>
            <dd>{formatDollars(b.balance)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
