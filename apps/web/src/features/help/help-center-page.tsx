import { Link } from 'react-router';
import styles from './help-center-page.module.css';
import { HELP_TOPICS } from './help-topics.ts';

export function HelpCenterPage() {
  return (
    <div className={styles.page}>
      <h1>Help Center</h1>
      <p className={styles.intro}>
        How each part of Helo works. Looking for a word? See the <Link to="/dashboard/Glossary">Glossary</Link>.
      </p>
      <ul className={styles.cards}>
        {HELP_TOPICS.map((topic) => (
          <li key={topic.slug}>
            <Link to={`/dashboard/help-center/${topic.slug}`} className={styles.card}>
              <span className={styles.cardTitle}>{topic.title}</span>
              <span className={styles.cardSummary}>{topic.summary}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
