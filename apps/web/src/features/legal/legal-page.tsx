import { MutedText } from '../../components/layout/muted-text.tsx';
import { Panel } from '../../components/layout/panel.tsx';
import type { LegalDocument } from './legal-document.ts';
import styles from './legal-page.module.css';

export function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <Panel as="article" level={1} narrow className={styles.article} title={document.title}>
      <MutedText small>Last updated: {document.lastUpdated}</MutedText>
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
    </Panel>
  );
}
