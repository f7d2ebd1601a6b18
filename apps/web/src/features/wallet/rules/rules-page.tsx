import type { WalletRule } from '@helo/contract/rules';
import { UNCATEGORIZED } from '@helo/contract/wallet';
import { useEffect, useRef, useState } from 'react';
import { DashboardPage } from '../../../components/layout/dashboard-page.tsx';
import { MutedText } from '../../../components/layout/muted-text.tsx';
import { Notice } from '../../../components/layout/notice.tsx';
import { Panel } from '../../../components/layout/panel.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { DeleteDialog } from '../../../components/ui/delete-dialog.tsx';
import { useApiAction } from '../../../lib/api-action.ts';
import { browserMonth } from '../../../lib/calendar.ts';
import { ACTION_TOAST_MS, showToast, toastError, toastSuccess } from '../../../lib/toast.ts';
import { WithNest } from '../../nest/index.ts';
import { useAccounts } from '../accounts/use-accounts.ts';
import { useWalletSummary } from '../use-wallet.ts';
import { type RuleChoices, RuleDialog } from './rule-dialog.tsx';
import { blankRule, ruleSummary, ruleValuesOf } from './rule-values.ts';
import styles from './rules.module.css';
import { useApplyRule, useDeleteRule, useOrderRules, useRules, useUndoApplication } from './use-rules.ts';

/**
 * /dashboard/my-wallet/rules (My Wallet's "Rules"): the user's rules in their order, which decides
 * which rule wins (decisions.md "Rules: order and what wins"); each moved up or down, edited,
 * deleted, or applied to past transactions (with an Undo in its toast).
 */
export function RulesPage() {
  return <WithNest title="Rules">{() => <Rules />}</WithNest>;
}

/** The categories and accounts a rule may name: this month's budget's and the open accounts. */
export function useRuleChoices(): RuleChoices {
  const summary = useWalletSummary(browserMonth());
  const accounts = useAccounts();
  return {
    categories: summary.data?.categories.map((c) => c.name) ?? [UNCATEGORIZED],
    accounts: accounts.data ?? [],
  };
}

/** Applies a rule, then offers its Undo in the toast (the one undo of the whole application). */
export function useApplyWithUndo() {
  const apply = useApplyRule();
  const undo = useUndoApplication();
  return useApiAction(async (id: string) => {
    const result = await apply.mutateAsync(id);
    const { application_id: applicationId, changed } = result.data;
    showToast(
      'success',
      result.message ?? `Rule applied to ${changed} transaction${changed === 1 ? '' : 's'}`,
      ACTION_TOAST_MS,
      changed > 0
        ? {
            label: 'Undo',
            onClick: () => {
              undo.mutateAsync(applicationId).then(
                (undone) => toastSuccess(undone.message, 'Rule undone'),
                (e: unknown) => toastError(e),
              );
            },
          }
        : undefined,
    );
    return undefined;
  });
}

function Rules() {
  const rules = useRules();
  const choices = useRuleChoices();
  const order = useOrderRules();
  const [adding, setAdding] = useState(false);
  const [focusAfterMove, setFocusAfterMove] = useState<string | null>(null);
  const list = rules.data ?? [];
  const accountName = (id: string) => choices.accounts.find((a) => a.id === id)?.name ?? 'an account';

  const move = async (index: number, by: -1 | 1) => {
    const ids = list.map((r) => r.id);
    const [moved] = ids.splice(index, 1);
    if (!moved) return;
    ids.splice(index + by, 0, moved);
    try {
      await order.mutateAsync(ids);
      // The focus stays with the rule moved, on the same button when it is still there.
      const edge = (by < 0 && index + by === 0) || (by > 0 && index + by === ids.length - 1);
      setFocusAfterMove(`${moved}:${edge ? (by < 0 ? 'down' : 'up') : by < 0 ? 'up' : 'down'}`);
    } catch (e) {
      toastError(e);
    }
  };

  return (
    <DashboardPage
      title="Rules"
      action={
        <ButtonLink to="/dashboard/my-wallet" variant="secondary">
          Back to My Wallet
        </ButtonLink>
      }
    >
      <Notice tone="info">
        Rules sort your transactions as they arrive: typed in without a category, imported from a bank file, or synced
        from your bank. They run in this order, and for each thing they do (a category, a new payee, a transfer) the
        first rule that matches wins; tags add up from every rule that matches.
      </Notice>
      <Panel title={`Your rules (${list.length})`}>
        <div className={styles.buttons}>
          <Button onClick={() => setAdding(true)}>Add a rule</Button>
        </div>
        {rules.isError ? (
          <Notice tone="error" role="alert">
            We could not load your rules. Please reload the page.
          </Notice>
        ) : rules.data === undefined ? (
          <MutedText>Loading…</MutedText>
        ) : list.length === 0 ? (
          <MutedText>No rules yet. Add one, or change a transaction's category and choose “Always”.</MutedText>
        ) : (
          <ol className={styles.list} aria-label="Rules, in the order they run">
            {list.map((rule, i) => (
              <RuleItem
                key={rule.id}
                rule={rule}
                index={i}
                count={list.length}
                summary={ruleSummary(rule, accountName)}
                choices={choices}
                onMove={move}
                moving={order.isPending}
                focus={focusAfterMove?.startsWith(`${rule.id}:`) ? focusAfterMove.split(':')[1] : undefined}
                onFocused={() => setFocusAfterMove(null)}
              />
            ))}
          </ol>
        )}
      </Panel>
      <RuleDialog open={adding} onClose={() => setAdding(false)} initial={blankRule()} choices={choices} />
    </DashboardPage>
  );
}

function RuleItem({
  rule,
  index,
  count,
  summary,
  choices,
  onMove,
  moving,
  focus,
  onFocused,
}: {
  rule: WalletRule;
  index: number;
  count: number;
  summary: string;
  choices: RuleChoices;
  onMove: (index: number, by: -1 | 1) => Promise<void>;
  moving: boolean;
  focus: string | undefined;
  onFocused: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteRule(rule.id);
  const apply = useApplyWithUndo();
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const button = focus === undefined ? null : (focus === 'up' ? up : down).current;
    if (!button) return;
    button.focus();
    onFocused();
  }, [focus, onFocused]);
  return (
    <li className={styles.rule}>
      <h3>
        {index + 1}. {rule.name}
      </h3>
      <p>{summary}</p>
      <div className={styles.buttons}>
        {index > 0 && (
          <Button ref={up} variant="secondary" size="sm" disabled={moving} onClick={() => void onMove(index, -1)}>
            Move up<span className="visually-hidden"> “{rule.name}”</span>
          </Button>
        )}
        {index < count - 1 && (
          <Button ref={down} variant="secondary" size="sm" disabled={moving} onClick={() => void onMove(index, 1)}>
            Move down<span className="visually-hidden"> “{rule.name}”</span>
          </Button>
        )}
        <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
          Edit<span className="visually-hidden"> “{rule.name}”</span>
        </Button>
        <Button variant="secondary" size="sm" loading={apply.busy} onClick={() => void apply.run(rule.id)}>
          Apply to past transactions<span className="visually-hidden"> (“{rule.name}”)</span>
        </Button>
        <Button variant="danger" size="sm" onClick={() => setDeleting(true)}>
          Delete<span className="visually-hidden"> “{rule.name}”</span>
        </Button>
      </div>
      <RuleDialog
        open={editing}
        onClose={() => setEditing(false)}
        rule={rule}
        initial={ruleValuesOf(rule)}
        choices={choices}
      />
      <DeleteDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        title={`Delete the rule “${rule.name}”?`}
        description="What it did to your transactions stays as it is."
        confirmLabel="Delete rule"
        deletedText="Rule deleted"
        remove={{ run: () => remove.mutateAsync(), pending: remove.isPending, reset: remove.reset }}
      />
    </li>
  );
}
