import { RULE_NAME_MAX, RULE_TEXT_MAX, rulePreviewResponse } from '@helo/contract/rules';
import { expectFound } from '../../../lib/api-client.ts';
import { api } from '../../../lib/auth.ts';
import { ACTION_TOAST_MS, showToast, toastError, toastSuccess } from '../../../lib/toast.ts';
import { useAddRule, useApplyRule, useUndoApplication } from './use-rules.ts';

/**
 * After a category changed by hand: the toast offers "Always file 'TRADER JOE S' under Groceries",
 * which makes the rule (payee contains the shown payee), then offers to apply it to the past
 * transactions it would change (N, from the preview), then that application's Undo.
 */
export function useAlwaysFileOffer() {
  const add = useAddRule();
  const apply = useApplyRule();
  const undo = useUndoApplication();

  const applyNow = async (ruleId: string) => {
    try {
      const applied = await apply.mutateAsync(ruleId);
      const { application_id: applicationId } = applied.data;
      showToast('success', applied.message ?? 'Rule applied', ACTION_TOAST_MS, {
        label: 'Undo',
        onClick: () => {
          undo.mutateAsync(applicationId).then(
            (undone) => toastSuccess(undone.message, 'Rule undone'),
            (e: unknown) => toastError(e),
          );
        },
      });
    } catch (e) {
      toastError(e);
    }
  };

  const makeRule = async (payee: string, category: string) => {
    const needle = payee.slice(0, RULE_TEXT_MAX);
    const conditions = [{ field: 'payee' as const, op: 'contains' as const, value: needle }];
    const actions = [{ type: 'set_category' as const, category }];
    try {
      const made = await add.mutateAsync({
        name: `${needle} → ${category}`.slice(0, RULE_NAME_MAX),
        conditions,
        actions,
      });
      const preview = expectFound(
        await api.post('/v1/rules/preview', { conditions, actions }, rulePreviewResponse),
      ).data;
      if (preview.count === 0) {
        toastSuccess(made.message, 'Rule added');
        return;
      }
      const n = preview.count;
      showToast(
        'success',
        `Rule added. ${n} past ${n === 1 ? 'transaction matches' : 'transactions match'} it.`,
        ACTION_TOAST_MS,
        { label: `Apply to ${n === 1 ? 'it' : `all ${n}`}`, onClick: () => void applyNow(made.data.id) },
      );
    } catch (e) {
      toastError(e);
    }
  };

  // The question is the toast's text and the button short: a long label squeezes the text to a sliver.
  return (payee: string, category: string, saved: string) =>
    showToast('success', `${saved.replace(/\.$/, '')}. Always file “${payee}” under ${category}?`, ACTION_TOAST_MS, {
      label: 'Always',
      onClick: () => void makeRule(payee, category),
    });
}
