import { GLOSSARY_TERMS, type GlossaryTerm } from './glossary-terms.ts';
import { HELP_TOPICS, type HelpTopic } from './help-topics.ts';

export interface HelpMatches {
  topics: HelpTopic[];
  terms: GlossaryTerm[];
}

const topicText = (t: HelpTopic) =>
  [t.title, t.summary, ...t.learnMore, t.whatItDoes, ...t.technicalDetails.points, ...(t.conclusion ?? [])].join(' ');

/** Lower case, with accents and curly quotes folded, so "emergency" and "Emergency" are one word. */
const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘]/g, "'")
    .toLowerCase();

const TOPICS = HELP_TOPICS.map((topic) => ({ topic, text: fold(topicText(topic)) }));
const TERMS = GLOSSARY_TERMS.map((term) => ({ term, text: fold(`${term.term} ${term.definition}`) }));

/**
 * The help topics and glossary terms holding every word of `query` (anywhere in their text);
 * topics whose title holds the query come first. An empty query matches nothing.
 */
export function searchHelp(query: string): HelpMatches {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return { topics: [], terms: [] };
  const hasAll = (text: string) => words.every((w) => text.includes(w));
  const whole = fold(query.trim());
  const topics = TOPICS.filter((t) => hasAll(t.text))
    .map((t) => t.topic)
    .sort((a, b) => Number(fold(b.title).includes(whole)) - Number(fold(a.title).includes(whole)));
  const terms = TERMS.filter((t) => hasAll(t.text)).map((t) => t.term);
  return { topics, terms };
}
