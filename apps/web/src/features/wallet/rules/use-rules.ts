import { messageOnly } from '@helo/contract/envelope';
import {
  type RuleBody,
  type RulePreview,
  type RulePreviewBody,
  type RuleUpdateBody,
  ruleApplyResponse,
  rulePreviewResponse,
  ruleResponse,
  rulesResponse,
  ruleUndoResponse,
  type WalletRule,
} from '@helo/contract/rules';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { expectFound } from '../../../lib/api-client.ts';
import { api } from '../../../lib/auth.ts';
import { walletFeature } from '../feature.ts';

const PATH = '/v1/rules';
/** Under the wallet's key: applying a rule changes the transactions and the month's figures. */
export const RULES_KEY = ['wallet', 'rules'];
const rulePath = (id: string) => `${PATH}/${encodeURIComponent(id)}`;

export function useRules() {
  return useQuery({
    queryKey: RULES_KEY,
    queryFn: async (): Promise<WalletRule[]> => expectFound(await api.get(PATH, rulesResponse)).data,
  });
}

/**
 * What a rule being written would change among the past transactions. `body` undefined (the form is
 * not complete) asks nothing; the last answer stays while the next one loads.
 */
export function useRulePreview(body: RulePreviewBody | undefined) {
  return useQuery({
    queryKey: ['wallet', 'rules', 'preview', body],
    queryFn: async (): Promise<RulePreview> =>
      expectFound(await api.post(`${PATH}/preview`, body, rulePreviewResponse)).data,
    enabled: body !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

function useAfterWrite() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: ['wallet'] });
}

export function useAddRule() {
  const after = useAfterWrite();
  return useMutation({
    meta: { invalidates: walletFeature.invalidates },
    mutationFn: async (body: RuleBody) => expectFound(await api.post(PATH, body, ruleResponse)),
    onSuccess: after,
  });
}

export function useUpdateRule() {
  const after = useAfterWrite();
  return useMutation({
    meta: { invalidates: walletFeature.invalidates },
    mutationFn: async ({ id, body }: { id: string; body: RuleUpdateBody }) =>
      expectFound(await api.put(rulePath(id), body, ruleResponse)),
    onSuccess: after,
  });
}

export function useDeleteRule(id: string) {
  const after = useAfterWrite();
  return useMutation({
    meta: { invalidates: walletFeature.invalidates },
    mutationFn: async () => expectFound(await api.del(rulePath(id), messageOnly)),
    onSuccess: after,
  });
}

/** The new order is the list at once (the answer holds it), so the focus can follow the rule moved. */
export function useOrderRules() {
  const client = useQueryClient();
  return useMutation({
    meta: { invalidates: walletFeature.invalidates },
    mutationFn: async (ids: string[]) => expectFound(await api.post(`${PATH}/order`, { ids }, rulesResponse)),
    onSuccess: (result) => client.setQueryData(RULES_KEY, result.data),
  });
}

export function useApplyRule() {
  const after = useAfterWrite();
  return useMutation({
    meta: { invalidates: walletFeature.invalidates },
    mutationFn: async (id: string) => expectFound(await api.post(`${rulePath(id)}/apply`, {}, ruleApplyResponse)),
    onSuccess: after,
  });
}

export function useUndoApplication() {
  const after = useAfterWrite();
  return useMutation({
    meta: { invalidates: walletFeature.invalidates },
    mutationFn: async (applicationId: string) =>
      expectFound(
        await api.post(`${PATH}/applications/${encodeURIComponent(applicationId)}/undo`, {}, ruleUndoResponse),
      ),
    onSuccess: after,
  });
}
