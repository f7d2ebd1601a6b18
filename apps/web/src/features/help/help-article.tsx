import { useNavigate } from 'react-router';
import styles from './help.module.css';
import type { HelpTopic } from './help-topics.ts';

/** Spec §2 "Help article": Back, title, Learn More, What It Does, the technical bullets, conclusion. */
export function HelpArticle({ topic }: { topic: HelpTopic }) {
  const navigate = useNavigate();
  return (
    <article className={styles.article}>
      <button type="button" className={styles.back} onClick={() => navigate(-1)}>
        ← Back
      </button>
      <h1>{topic.title}</h1>
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
    </article>
  );
}
