import { useMemo, useState } from 'react';
import { Panel } from '../../components/layout/panel.tsx';
import { SettledAnnouncement } from '../../components/ui/settled-announcement.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import styles from './glossary-page.module.css';
import { GLOSSARY_TERMS, type GlossaryTerm } from './glossary-terms.ts';

function groupByLetter(terms: readonly GlossaryTerm[]): [string, GlossaryTerm[]][] {
  const groups = new Map<string, GlossaryTerm[]>();
  for (const t of terms) {
    const first = t.term.charAt(0).toUpperCase();
    const letter = /[A-Z]/.test(first) ? first : '#';
    groups.set(letter, [...(groups.get(letter) ?? []), t]);
  }
  return [...groups.entries()];
}

export function GlossaryPage() {
  const [query, setQuery] = useState('');
  const filtered = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) return GLOSSARY_TERMS;
    return GLOSSARY_TERMS.filter((t) => t.term.toLowerCase().includes(q) || t.definition.toLowerCase().includes(q));
  }, [query]);
  const groups = groupByLetter(filtered);
  const count = filtered.length === 0 ? `No terms match “${query.trim()}”.` : `${filtered.length} terms`;

  return (
    <div className={styles.page}>
      <h1>Glossary</h1>
      <p className={styles.intro}>Financial terms from A to Z, explained plainly.</p>
      <div className={styles.search}>
        <TextField label="Search terms" type="text" value={query} onChange={(e) => setQuery(e.target.value)} />
      </div>
      <p className={styles.intro}>{count}</p>
      <SettledAnnouncement message={count} />
      {groups.length > 1 && (
        <nav aria-label="Letters">
          <ul className={styles.letters}>
            {groups.map(([letter]) => (
              <li key={letter}>
                <a href={`#glossary-${letter}`}>{letter}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {groups.map(([letter, terms]) => (
        <Panel key={letter} id={`glossary-${letter}`} title={<span className={styles.letter}>{letter}</span>}>
          <dl className={styles.terms}>
            {terms.map((t) => (
              <div key={t.term}>
                <dt>{t.term}</dt>
                <dd>{t.definition}</dd>
              </div>
            ))}
          </dl>
        </Panel>
      ))}
    </div>
  );
}
