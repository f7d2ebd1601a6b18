import { useNavigate } from 'react-router';
import { Panel } from '../../components/layout/panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import styles from './help-article.module.css';
import type { HelpTopic } from './help-topics.ts';

/** Spec §2 "Help article": Back, title, Learn More, What It Does, the technical bullets, conclusion. */
export function HelpArticle({ topic }: { topic: HelpTopic }) {
  const navigate = useNavigate();
  return (
    <Panel
      as="article"
      level={1}
      narrow
      className={styles.article}
      title={topic.title}
      lead={
        <Button variant="ghost" className={styles.back} onClick={() => navigate(-1)}>
          ← Back
        </Button>
      }
    >
      <h2>Learn More</h2>
      {topic.learnMore.map((p) => (
        <p key={p}>{p}</p>
      ))}
      <h2>What It Does</h2>
      <p>{topic.whatItDoes}</p>
      <h2>{topic.technicalDetails.title}</h2>
      <ul>
        {topic.technicalDetails.points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
      {topic.conclusion?.map((p) => (
        <p key={p}>{p}</p>
      ))}
    </Panel>
  );
}
