import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
  type UseFormSetError,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './api-client.ts';
import { splitServerErrors } from './server-errors.ts';

/**
 * Puts the server's field errors on the form's fields; returns the message to show for the rest
 * (or null when every error found its field).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string | null {
  const { fieldErrors, formError } = splitServerErrors(error, fields);
  for (const field of fields) {
    const message = fieldErrors[field];
    if (message) setError(field, { type: 'server', message });
  }
  return formError;
}

/**
 * A react-hook-form form validated by a contract schema whose submit talks to the API: field
 * errors from the server land on their fields, anything else becomes `formError`.
 */
export function useApiForm<S extends z.ZodObject>(
  schema: S,
  submit: (values: z.output<S>) => Promise<void>,
  options: {
    defaultValues?: DefaultValues<z.input<S>>;
    /**
     * A form of rows (`actions.1.parts`): the form's field of a server error's path inside a row, or
     * undefined for one no control shows (it becomes `formError`). Without it only top-level names match.
     */
    serverPath?: (path: string) => Path<z.input<S>> | undefined;
  } = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> & {
  formError: string | null;
  onSubmit: ReturnType<UseFormReturn<z.input<S>, unknown, z.output<S>>['handleSubmit']>;
} {
  const methods = useForm<z.input<S>, unknown, z.output<S>>({
    // The resolver's overloads cannot follow a schema type parameter; for a concrete schema they agree.
    resolver: zodResolver(schema) as unknown as Resolver<z.input<S>, unknown, z.output<S>>,
    ...(options.defaultValues ? { defaultValues: options.defaultValues } : {}),
  });
  const [formError, setFormError] = useState<string | null>(null);
  const fields = Object.keys(schema.shape) as Path<z.input<S>>[];
  const onSubmit = methods.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await submit(values);
    } catch (error) {
      const { serverPath } = options;
      if (serverPath && error instanceof ApiError && error.errors.length > 0) {
        const targets = error.errors.map((e) => serverPath(e.path));
        error.errors.forEach((e, i) => {
          const target = targets[i];
          if (target) methods.setError(target, { type: 'server', message: e.message });
        });
        setFormError(targets.every(Boolean) ? null : error.message);
      } else {
        setFormError(applyServerErrors(error, methods.setError, fields));
      }
    }
  });
  return { ...methods, formError, onSubmit };
}
