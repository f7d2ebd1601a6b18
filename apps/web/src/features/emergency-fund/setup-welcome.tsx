import { Button } from '../../components/ui/button.tsx';
import styles from './setup-welcome.module.css';

/** Spec: the setup's first step, with 'Start Now' and the 3-to-6-months guidance. */
export function SetupWelcome({ onStart }: { onStart: () => void }) {
  return (
    <div className={styles.welcome}>
      <h1 className={styles.title}>Build your emergency fund</h1>
      <p className={styles.lead}>
        An emergency fund is money set aside for the unexpected: a car repair, a medical bill, a gap between jobs. It
        keeps a surprise from becoming a debt.
      </p>
      <p className={styles.guidance}>
        Aim for <strong>3 to 6 months</strong> of your expenses, or of your income until you have a budget.
      </p>
      <p className={styles.lead}>
        Answer five quick questions and we will work out your targets and when you reach them.
      </p>
      <div>
        <Button size="lg" onClick={onStart}>
          Start Now
        </Button>
      </div>
    </div>
  );
}
