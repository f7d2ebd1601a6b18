import { bankConnectionBody, SETUP_TOKEN_MAX } from '@helo/contract/bank-connections';
import { Form } from '../../../components/layout/form.tsx';
import { FormAlert } from '../../../components/layout/form-alert.tsx';
import { MutedText } from '../../../components/layout/muted-text.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogActions, FormDialog } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useApiForm } from '../../../lib/forms.ts';
import { TOAST_MS, toastSuccess } from '../../../lib/toast.ts';
import { useConnectBank } from './use-bank-connections.ts';

/** 'Connect a bank': the SimpleFIN setup token, pasted; a refused one is said on the field. */
export function ConnectBankDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <FormDialog open={open} onClose={onClose} title="Connect a bank">
      <ConnectForm onClose={onClose} />
    </FormDialog>
  );
}

function ConnectForm({ onClose }: { onClose: () => void }) {
  const connect = useConnectBank();
  const form = useApiForm(
    bankConnectionBody,
    async (values) => {
      const result = await connect.mutateAsync(values);
      toastSuccess(result.message, 'Bank connected', TOAST_MS.long);
      onClose();
    },
    { defaultValues: { provider: 'simplefin', setup_token: '' } },
  );
  return (
    <Form
      onSubmit={async (event) => {
        await form.onSubmit(event);
        if (form.getFieldState('setup_token').error) form.setFocus('setup_token');
      }}
    >
      <MutedText>
        Make a setup token at SimpleFIN Bridge and paste it here. Helo then reads your bank’s accounts, balances and
        transactions every day. It can never move money.
      </MutedText>
      <TextField
        label="SimpleFIN setup token"
        autoComplete="off"
        spellCheck={false}
        maxLength={SETUP_TOKEN_MAX}
        error={form.formState.errors.setup_token?.message}
        {...form.register('setup_token')}
      />
      <FormAlert>{form.formError}</FormAlert>
      <DialogActions>
        <Button type="submit" loading={form.formState.isSubmitting}>
          Connect
        </Button>
      </DialogActions>
    </Form>
  );
}
