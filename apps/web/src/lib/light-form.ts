import { type FormEvent, useRef, useState } from 'react';
import type { z } from 'zod';
import { CONNECTION_PROBLEM, splitServerErrors } from './server-errors.ts';

/**
 * A form for the pages a visitor opens first (sign-in, sign-up, forgot password): plain inputs read on submit, checked by the
 * contract's zod schema like every other form, but the schema (and zod, ~25 KB gzipped) is loaded
 * when the visitor first focuses the form instead of with the page, and react-hook-form (~12 KB) is
 * not needed for two fields. Server field errors land on their fields; anything else is `formError`.
 */
export function useLightForm<S extends z.ZodObject, F extends keyof z.input<S> & string>(
  loadSchema: () => Promise<S>,
  fields: readonly F[],
  submit: (values: z.output<S>) => Promise<void>,
) {
  const schema = useRef<Promise<S> | null>(null);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  const prepare = () => {
    schema.current ??= loadSchema();
    return schema.current;
  };

  const focusFirst = (form: HTMLFormElement, found: Partial<Record<F, string>>) => {
    const first = fields.find((f) => found[f]);
    const input = first ? form.elements.namedItem(first) : null;
    if (input instanceof HTMLElement) input.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    // A checkbox is its checked state (as react-hook-form reads it); any other input its text.
    const readField = (f: F) => {
      const input = form.elements.namedItem(f);
      return input instanceof HTMLInputElement && input.type === 'checkbox' ? input.checked : String(data.get(f) ?? '');
    };
    const values = Object.fromEntries(fields.map((f) => [f, readField(f)]));
    setFormError(null);
    setSubmitting(true);
    try {
      let parsed: z.ZodSafeParseResult<z.output<S>>;
      try {
        parsed = (await prepare()).safeParse(values);
      } catch {
        schema.current = null; // the chunk did not arrive (offline): try again on the next submit
        setFormError(CONNECTION_PROBLEM);
        return;
      }
      if (!parsed.success) {
        const found: Partial<Record<F, string>> = {};
        for (const issue of parsed.error.issues) {
          const field = fields.find((f) => f === issue.path[0]);
          if (field && !found[field]) found[field] = issue.message;
        }
        setErrors(found);
        focusFirst(form, found);
        return;
      }
      setErrors({});
      try {
        await submit(parsed.data);
      } catch (error) {
        const split = splitServerErrors(error, fields);
        setErrors(split.fieldErrors);
        setFormError(split.formError);
        focusFirst(form, split.fieldErrors);
      }
    } finally {
      setSubmitting(false);
    }
  };

  /** A field's error goes away as soon as its value changes, as react-hook-form does after a submit. */
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name as F;
    if (errors[name]) setErrors(({ [name]: _gone, ...rest }) => rest as Partial<Record<F, string>>);
  };

  return { errors, formError, isSubmitting, onSubmit, onChange, onFocus: prepare };
}
