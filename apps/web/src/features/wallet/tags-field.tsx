import { TAG_MAX, TAGS_MAX } from '@helo/contract/wallet';
import { type KeyboardEvent, useId, useState } from 'react';
import { TextField } from '../../components/ui/text-field.tsx';
import styles from './tags-field.module.css';

/** Tags typed in one go ("trip, work"): each trimmed, none empty. */
const typedTags = (text: string) =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');

/** `tags` with `more` added, once each in any case (the first spelling stays). */
export function withTags(tags: readonly string[], more: readonly string[]): string[] {
  const out = [...tags];
  for (const tag of more) if (!out.some((t) => t.toLowerCase() === tag.toLowerCase())) out.push(tag);
  return out;
}

/**
 * A transaction's tags: typed into one box, a comma or Enter makes each a chip (leaving the box does
 * too), Backspace in the empty box takes the last one back, and each chip has its own remove button.
 * `known` are the user's tags, offered as the box is typed in.
 */
export function TagsField({
  value,
  onChange,
  known,
  error,
}: {
  value: string[];
  onChange: (tags: string[]) => void;
  known: readonly string[];
  error?: string | undefined;
}) {
  const [typed, setTyped] = useState('');
  const listId = useId();
  const add = (text: string) => {
    const more = typedTags(text);
    if (more.length > 0) onChange(withTags(value, more));
    setTyped('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      // Enter makes a chip here; it does not send the form.
      if (typed.trim() !== '' || e.key === ',') e.preventDefault();
      add(typed);
    } else if (e.key === 'Backspace' && typed === '' && value.length > 0) {
      e.preventDefault();
      setTyped(value.at(-1) ?? '');
      onChange(value.slice(0, -1));
    }
  };
  return (
    <div className={styles.field}>
      <TextField
        label="Tags (optional)"
        hint={`Separate tags with a comma or Enter; at most ${TAGS_MAX}.`}
        autoComplete="off"
        maxLength={TAG_MAX * 4}
        list={listId}
        value={typed}
        error={error}
        onChange={(e) => {
          const text = e.target.value;
          // A comma typed or pasted ends the tags before it.
          if (text.includes(',')) {
            const last = text.slice(text.lastIndexOf(',') + 1);
            add(text.slice(0, text.lastIndexOf(',')));
            setTyped(last.trimStart());
          } else setTyped(text);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => add(typed)}
      />
      <datalist id={listId}>
        {known
          .filter((k) => !value.some((t) => t.toLowerCase() === k.toLowerCase()))
          .map((k) => (
            <option key={k} value={k} />
          ))}
      </datalist>
      {value.length > 0 && (
        <ul className={styles.chips} aria-label="Tags">
          {value.map((tag) => (
            <li key={tag} className={styles.chip}>
              <span>{tag}</span>
              <button
                type="button"
                className={styles.remove}
                aria-label={`Remove tag ${tag}`}
                onClick={() => onChange(value.filter((t) => t !== tag))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
