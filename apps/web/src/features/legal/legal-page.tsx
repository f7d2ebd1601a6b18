import type { LegalDocument } from './legal-document.ts';
import styles from './legal-page.module.css';

export function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <article className={styles.article}>
      <h1>{document.title}</h1>
      <p className={styles.updated}>Last updated: {document.lastUpdated}</p>
      {document.intro.map((p) => (
        <p key={p}>{p}</p>
      ))}
      {document.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
          {section.bullets && (
            <ul>
              {section.bullets.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </article>
  );
}
