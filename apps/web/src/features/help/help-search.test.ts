import { describe, expect, it } from 'vitest';
import { searchHelp } from './help-search.ts';

describe('searchHelp', () => {
  it('finds topics by any of their text and glossary terms by name or definition', () => {
    const { topics, terms } = searchHelp('emergency');
    expect(topics[0]?.slug).toBe('emergency-fund');
    expect(terms.map((t) => t.term)).toContain('Emergency fund');
  });

  it('needs every word, in any case', () => {
    expect(searchHelp('OFX csv').topics.map((t) => t.slug)).toEqual(['wallet']);
    expect(searchHelp('amortization').terms.map((t) => t.term)).toContain('Amortization');
  });

  it('matches nothing for an empty query or a word found nowhere', () => {
    expect(searchHelp('   ')).toEqual({ topics: [], terms: [] });
    expect(searchHelp('zzzz')).toEqual({ topics: [], terms: [] });
  });
});
