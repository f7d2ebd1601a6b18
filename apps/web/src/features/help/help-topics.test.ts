import { describe, expect, it } from 'vitest';
import { GLOSSARY_TERMS } from './glossary-terms.ts';
import { findTopicById, findTopicBySlug, HELP_TOPICS } from './help-topics.ts';

const SLUGS = [
  'money-nest',
  'emergency-fund',
  'wallet',
  'loan-payments',
  'goal-planning',
  'budget-builder',
  'investment-tracker',
  'vault',
  'chat',
];

describe('help topics', () => {
  it('has 9 topics with the spec slugs in order and ids 1..9', () => {
    expect(HELP_TOPICS).toHaveLength(9);
    expect(HELP_TOPICS.map((t) => t.slug)).toEqual(SLUGS);
    expect(HELP_TOPICS.map((t) => t.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(findTopicBySlug('chat')?.title).toBe('Connect with an Advisor');
  });

  it('finds topics by slug and by id', () => {
    expect(findTopicBySlug('wallet')?.id).toBe(3);
    expect(findTopicById('4')?.slug).toBe('loan-payments');
    for (const topic of HELP_TOPICS) {
      expect(findTopicBySlug(topic.slug)).toBe(topic);
      expect(findTopicById(String(topic.id))).toBe(topic);
    }
  });

  it.each(['nope', '0', 'abc', '10', '1.5', '', undefined])('returns undefined for unknown input %s', (input) => {
    expect(findTopicBySlug(input)).toBeUndefined();
    expect(findTopicById(input)).toBeUndefined();
  });

  it('gives every topic its content', () => {
    for (const topic of HELP_TOPICS) {
      expect(topic.title.trim()).not.toBe('');
      expect(topic.summary.trim()).not.toBe('');
      expect(topic.learnMore.length).toBeGreaterThan(0);
      for (const paragraph of topic.learnMore) expect(paragraph.trim()).not.toBe('');
      expect(topic.whatItDoes.trim()).not.toBe('');
      expect(topic.technicalDetails.title.trim()).not.toBe('');
      expect(topic.technicalDetails.points.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('covers the spec content points', () => {
    expect(JSON.stringify(findTopicBySlug('emergency-fund'))).toContain('3 to 6 months');
    expect(JSON.stringify(findTopicBySlug('goal-planning'))).toContain('1, 3, 5 or 10 years');
    const loans = JSON.stringify(findTopicBySlug('loan-payments'));
    expect(loans).toContain('twice a month');
    expect(loans).toContain('coming soon');
    expect(loans).toContain('not financial advice');
  });
});

describe('glossary', () => {
  it('is sorted A–Z case-insensitively with unique terms', () => {
    const keys = GLOSSARY_TERMS.map((t) => t.term.toLowerCase());
    for (let i = 1; i < keys.length; i++) {
      expect((keys[i - 1] ?? '') < (keys[i] ?? ''), `${keys[i - 1]} before ${keys[i]}`).toBe(true);
    }
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('includes the core terms, each with a definition', () => {
    const terms = GLOSSARY_TERMS.map((t) => t.term);
    expect(terms).toEqual(expect.arrayContaining(['APR', 'APY', 'Amortization']));
    for (const entry of GLOSSARY_TERMS) expect(entry.definition.trim()).not.toBe('');
  });
});
