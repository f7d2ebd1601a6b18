import { FEEDBACK_CHOICES, FEEDBACK_COMMENT_MAX, FEEDBACK_QUESTIONS, feedbackResponse } from '@helo/contract/feedback';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { Panel } from '../../components/layout/panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useApiAction } from '../../lib/api-action.ts';
import { api } from '../../lib/auth.ts';
import styles from './feedback-page.module.css';

type Answers = (number | null)[];

export function FeedbackPage() {
  const navigate = useNavigate();
  const [answers, setAnswers] = useState<Answers>(() => FEEDBACK_QUESTIONS.map(() => null));
  const [comment, setComment] = useState('');
  const [submitted, setSubmitted] = useState(false);
  // A failed send is only logged: the team misses this answer, but the person still gets their
  // thanks (decisions.md).
  const send = useApiAction(() => api.post('/v1/feedback', { answers, comment }, feedbackResponse), {
    failure: 'log',
  });

  const choose = (question: number, choice: number) =>
    setAnswers((a) => a.map((value, i) => (i === question ? choice : value)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await send.run();
    setSubmitted(true);
  };

  if (submitted) {
    return (
      <div aria-live="polite">
        <Panel title="Thank you for your feedback!" level={1} className={styles.thanks}>
          <MutedText>We appreciate your input and will use it to improve our services.</MutedText>
          <Button onClick={() => navigate('/dashboard/home')}>Close and go to my dashboard</Button>
        </Panel>
      </div>
    );
  }

  return (
    <form className={styles.page} onSubmit={submit}>
      <header className={styles.intro}>
        <h1>Share your feedback</h1>
        <p>We'd love to hear your thoughts and ideas. Tell us which of these would help you most.</p>
      </header>

      <div className={styles.grid}>
        <div className={styles.headRow} aria-hidden="true">
          <span />
          {FEEDBACK_CHOICES.map((choice) => (
            <span key={choice} className={styles.headCell}>
              {choice}
            </span>
          ))}
        </div>
        {FEEDBACK_QUESTIONS.map((question, q) => (
          <fieldset key={question} className={styles.question}>
            <legend className={styles.questionText}>{question}</legend>
            {FEEDBACK_CHOICES.map((choice, c) => (
              <label key={choice} className={styles.cell}>
                <input
                  type="radio"
                  name={`question-${q}`}
                  value={c}
                  checked={answers[q] === c}
                  onChange={() => choose(q, c)}
                />
                <span className={styles.choiceText}>{choice}</span>
              </label>
            ))}
          </fieldset>
        ))}
      </div>

      <label className={styles.commentLabel} htmlFor="feedback-comment">
        Please leave a comment below
      </label>
      <textarea
        id="feedback-comment"
        className={styles.comment}
        placeholder="Your feedback is important to us."
        maxLength={FEEDBACK_COMMENT_MAX}
        rows={5}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
      <div>
        <Button type="submit" loading={send.busy}>
          Submit feedback
        </Button>
      </div>
    </form>
  );
}
