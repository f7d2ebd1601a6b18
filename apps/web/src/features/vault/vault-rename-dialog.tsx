import { type VaultFile, vaultRenameBody } from '@helo/contract/vault';
import { Form } from '../../components/layout/form.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DialogActions, FormDialog } from '../../components/ui/dialog.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useApiForm } from '../../lib/forms.ts';
import { TOAST_MS, toastSuccess } from '../../lib/toast.ts';
import { useRenameFile } from './use-vault.ts';

/** A file's new name; the server's refusal (an empty name, a type the name does not match) shows on the field. */
export function RenameDialog({ file, open, onClose }: { file: VaultFile; open: boolean; onClose: () => void }) {
  return (
    <FormDialog open={open} onClose={onClose} title={`Rename “${file.name}”`}>
      <RenameForm file={file} onClose={onClose} />
    </FormDialog>
  );
}

function RenameForm({ file, onClose }: { file: VaultFile; onClose: () => void }) {
  const rename = useRenameFile(file.id);
  const { formError, onSubmit, ...form } = useApiForm(
    vaultRenameBody,
    async ({ name }) => {
      const result = await rename.mutateAsync(name);
      toastSuccess(result.message, 'File renamed', TOAST_MS.long);
      onClose();
    },
    { defaultValues: { name: file.name } },
  );
  return (
    <Form
      onSubmit={async (event) => {
        await onSubmit(event);
        if (form.getFieldState('name').error) form.setFocus('name');
      }}
      roomy
    >
      <TextField
        label="Name"
        autoComplete="off"
        error={form.formState.errors.name?.message}
        {...form.register('name')}
      />
      <FormAlert>{formError}</FormAlert>
      <DialogActions>
        <Button type="submit" loading={form.formState.isSubmitting}>
          Save name
        </Button>
      </DialogActions>
    </Form>
  );
}
