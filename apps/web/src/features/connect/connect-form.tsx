import {
  type ConnectRequest,
  connectBody,
  PROFESSIONALS,
  SATISFACTION_LABELS,
  SATISFACTION_LEVELS,
} from '@helo/contract/connect';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Form } from '../../components/layout/form.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useApiForm } from '../../lib/forms.ts';
import { ChoiceGroup } from './choice-group.tsx';
import { ChoiceTile } from './choice-tile.tsx';
import { connectBodyOf, initialAnswers } from './connect-answers.ts';
import styles from './connect-form.module.css';
import { useSaveConnectRequest } from './use-connect.ts';

/** Spec §8 only logs a failed save; this line keeps the person from waiting on a form that did nothing. */
export const SAVE_FAILED = 'Your request could not be sent just now. Please try again.';

const sentOn = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/**
 * Step 1: which professionals, whether they work with one already and, only then, how satisfied
 * they are. `saved` is the request sent before (its answers fill the form), null on a first visit.
 */
export function ConnectForm({ saved, onSent }: { saved: ConnectRequest | null; onSent: (updated: boolean) => void }) {
  const save = useSaveConnectRequest();
  const [saveFailed, setSaveFailed] = useState(false);
  const {
    register,
    control,
    watch,
    onSubmit,
    formError,
    formState: { errors, isSubmitting },
  } = useApiForm(
    connectBody,
    async (values) => {
      setSaveFailed(false);
      try {
        await save.mutateAsync({ body: connectBodyOf(values), exists: saved !== null });
      } catch (error) {
        console.error('Could not save the advisor request', error);
        // A refused field (400) shows on its field; anything else is the short line below.
        if (error instanceof ApiError && error.status === 400 && error.errors.length > 0) throw error;
        setSaveFailed(true);
        return;
      }
      onSent(saved !== null);
    },
    { defaultValues: initialAnswers(saved) },
  );
  const worksWithOne = watch('has_working_professional') !== false;

  return (
    <Form onSubmit={onSubmit} className={styles.form}>
      {saved ? (
        <MutedText>
          You sent your request on {sentOn.format(new Date(saved.updated_at))}. Change your answers and send it again to
          update it.
        </MutedText>
      ) : (
        <MutedText>
          Tell us who you would like to talk to. Our team will put you in touch with a professional who fits.
        </MutedText>
      )}

      <ChoiceGroup
        legend="Which professionals do you need?"
        hint="Choose all that apply."
        error={errors.professionals_need?.message}
        columns={3}
      >
        {PROFESSIONALS.map((name) => (
          <ChoiceTile key={name} type="checkbox" label={name} value={name} {...register('professionals_need')} />
        ))}
      </ChoiceGroup>

      <Controller
        control={control}
        name="has_working_professional"
        render={({ field }) => (
          <ChoiceGroup
            legend="Do you already work with a financial professional?"
            error={errors.has_working_professional?.message}
            columns={2}
          >
            {[
              { label: 'Yes', value: true },
              { label: 'No', value: false },
            ].map((choice) => (
              <ChoiceTile
                key={choice.label}
                type="radio"
                label={choice.label}
                name={field.name}
                value={String(choice.value)}
                checked={(field.value !== false) === choice.value}
                onChange={() => field.onChange(choice.value)}
                onBlur={field.onBlur}
                ref={choice.value ? field.ref : undefined}
              />
            ))}
          </ChoiceGroup>
        )}
      />

      {worksWithOne && (
        <ChoiceGroup legend="How satisfied are you with them?" error={errors.satisfaction_level?.message} columns={4}>
          {SATISFACTION_LEVELS.map((level) => (
            <ChoiceTile
              key={level}
              type="radio"
              label={SATISFACTION_LABELS[level]}
              value={level}
              {...register('satisfaction_level')}
            />
          ))}
        </ChoiceGroup>
      )}

      <FormAlert>{formError ?? (saveFailed ? SAVE_FAILED : null)}</FormAlert>
      <div>
        <Button type="submit" loading={isSubmitting}>
          {saved ? 'Update request' : 'Send request'}
        </Button>
      </div>
    </Form>
  );
}
