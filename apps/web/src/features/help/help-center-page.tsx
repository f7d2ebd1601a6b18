import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Panel } from '../../components/layout/panel.tsx';
import { SettledAnnouncement } from '../../components/ui/settled-announcement.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import styles from './help-center-page.module.css';
import { searchHelp } from './help-search.ts';
import { HELP_TOPICS, type HelpTopic } from './help-topics.ts';

export function HelpCenterPage() {
  const [query, setQuery] = useState('');
  const searching = query.trim() !== '';
  const matches = useMemo(() => searchHelp(query), [query]);
  const found = matches.topics.length + matches.terms.length;
  const summary = !searching
    ? ''
    : found === 0
      ? `Nothing matches “${query.trim()}”.`
      : `${plural(matches.topics.length, 'topic')} and ${plural(matches.terms.length, 'glossary term')} match.`;

  return (
    <div className={styles.page}>
      <h1>Help Center</h1>
      <p className={styles.intro}>
        How each part of Helo works. Looking for a word? See the <Link to="/dashboard/Glossary">Glossary</Link>.
      </p>
      <search className={styles.search}>
        <TextField
          label="Search help and the glossary"
          type="text"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </search>
      {searching && <p className={styles.intro}>{summary}</p>}
      <SettledAnnouncement message={summary} />
      {!searching && <TopicCards topics={HELP_TOPICS} />}
      {searching && matches.topics.length > 0 && (
        <section aria-labelledby="help-topics-found">
          <h2 id="help-topics-found" className={styles.sectionTitle}>
            Topics
          </h2>
          <TopicCards topics={matches.topics} />
        </section>
      )}
      {searching && matches.terms.length > 0 && (
        <Panel title="Glossary">
          <dl className={styles.terms}>
            {matches.terms.map((t) => (
              <div key={t.term}>
                <dt>{t.term}</dt>
                <dd>{t.definition}</dd>
              </div>
            ))}
          </dl>
        </Panel>
      )}
    </div>
  );
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function TopicCards({ topics }: { topics: readonly HelpTopic[] }) {
  return (
    <ul className={styles.cards}>
      {topics.map((topic) => (
        <li key={topic.slug}>
          <Link to={`/dashboard/help-center/${topic.slug}`} className={styles.card}>
            <span className={styles.cardTitle}>{topic.title}</span>
            <span className={styles.cardSummary}>{topic.summary}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
