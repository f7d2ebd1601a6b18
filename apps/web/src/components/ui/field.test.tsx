import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { describedBy, Field, type FieldIds, useFieldIds } from './field.tsx';

const ids: FieldIds = { inputId: 'name', hintId: 'name-hint', errorId: 'name-error' };

describe('describedBy', () => {
  it('lists only what is shown: extra ids, then the hint, then the error', () => {
    expect(describedBy(ids, undefined, undefined)).toBeUndefined();
    expect(describedBy(ids, 'A hint', undefined)).toBe('name-hint');
    expect(describedBy(ids, undefined, 'An error')).toBe('name-error');
    expect(describedBy(ids, 'A hint', 'An error', 'outside')).toBe('outside name-hint name-error');
    expect(describedBy(ids, '', '', undefined)).toBeUndefined();
  });
});

function Probe({ id }: { id?: string }) {
  const fieldIds = useFieldIds(id);
  return (
    <Field label="Name" ids={fieldIds} hint="As on your ID" error="Name is required">
      <input id={fieldIds.inputId} aria-describedby={describedBy(fieldIds, 'As on your ID', 'Name is required')} />
    </Field>
  );
}

describe('Field', () => {
  it('labels the control and describes it by its hint and error', () => {
    render(<Probe />);
    const input = screen.getByLabelText('Name');
    expect(input).toHaveAccessibleDescription('As on your ID Name is required');
  });

  it('derives every id from a given id, and makes unique ones otherwise', () => {
    render(
      <>
        <Probe id="given" />
        <Probe />
        <Probe />
      </>,
    );
    const inputs = screen.getAllByLabelText('Name');
    expect(inputs[0]).toHaveAttribute('id', 'given');
    expect(inputs[0]).toHaveAttribute('aria-describedby', 'given-hint given-error');
    const generated = new Set(inputs.map((input) => input.id));
    expect(generated.size).toBe(3);
  });
});
