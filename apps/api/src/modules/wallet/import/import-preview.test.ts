import { describe, expect, it } from 'vitest';
import { formatOf } from './import-preview.ts';

describe('formatOf', () => {
  it('reads OFX by its start whatever the name, else by the extension in any case', () => {
    expect(formatOf('a.CSV', 'Date,Amount')).toBe('csv');
    expect(formatOf('a.qfx', 'x')).toBe('ofx');
    expect(formatOf('a.Ofx', 'x')).toBe('ofx');
    expect(formatOf('export', 'OFXHEADER:100\nDATA:OFXSGML')).toBe('ofx');
    expect(formatOf('export.csv', '<?xml version="1.0"?>\n<?OFX OFXHEADER="200"?><OFX>')).toBe('ofx');
    expect(formatOf('a.csv.pdf', 'Date,Amount')).toBeNull();
    expect(formatOf('a.txt', 'Date,Amount,<OFX>')).toBeNull();
  });
});
