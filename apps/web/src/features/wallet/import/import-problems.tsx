import type { ImportReading } from './import-calls.ts';
import styles from './import-wizard.module.css';

/**
 * The rows of a CSV the server could not read with the columns chosen, each with its line (the
 * server sends the first 50 and counts them all): the user changes the columns, or leaves them out.
 */
export function ImportProblems({ preview, id }: { preview: ImportReading; id: string }) {
  if (preview.problem_count === 0) return null;
  const more = preview.problem_count - preview.problems.length;
  return (
    <section aria-labelledby={id} className={styles.problems}>
      <h4 id={id} className={styles.sampleTitle}>
        {preview.problem_count === 1
          ? '1 row can not be read with these columns'
          : `${preview.problem_count.toLocaleString('en-US')} rows can not be read with these columns`}
      </h4>
      <ul className={styles.problemList}>
        {preview.problems.map((p) => (
          <li key={p.line}>
            <span className={styles.problemLine}>Line {p.line}</span> {p.message}
          </li>
        ))}
      </ul>
      {more > 0 && <p className={styles.more}>and {more.toLocaleString('en-US')} more.</p>}
    </section>
  );
}
