import { messageOnly } from '@helo/contract/envelope';
import {
  type LifestyleGoal,
  type LifestyleGoalBody,
  type LifestyleGoalEntryBody,
  type LifestyleGoalUpdateBody,
  lifestyleGoalEntryResponse,
  lifestyleGoalResponse,
  lifestyleGoalsResponse,
} from '@helo/contract/lifestyle-goals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';
import { lifestyleGoalsFeature } from './feature.ts';

const PATH = '/v1/user-lifestyle-saving';
export const GOALS_KEY = ['lifestyle-goals'];

const goalPath = (id: string) => `${PATH}/${encodeURIComponent(id)}`;

/** The user's goals, oldest first. */
export function useGoals() {
  return useQuery({
    queryKey: GOALS_KEY,
    queryFn: async (): Promise<LifestyleGoal[]> => expectFound(await api.get(PATH, lifestyleGoalsResponse)).data,
  });
}

/**
 * Puts one goal as the server now has it into the list. The bell reads again (a milestone may have
 * appeared) through the query client's loop: feature.ts `invalidates` it.
 */
function afterGoalChange(client: ReturnType<typeof useQueryClient>, goal: LifestyleGoal) {
  client.setQueryData<LifestyleGoal[]>(GOALS_KEY, (goals) =>
    goals?.some((g) => g.id === goal.id) ? goals.map((g) => (g.id === goal.id ? goal : g)) : [...(goals ?? []), goal],
  );
  void client.invalidateQueries({ queryKey: GOALS_KEY });
}

export function useCreateGoal() {
  const client = useQueryClient();
  return useMutation({
    meta: { invalidates: lifestyleGoalsFeature.invalidates },
    mutationFn: async (body: LifestyleGoalBody) => expectFound(await api.post(PATH, body, lifestyleGoalResponse)),
    onSuccess: (result) => afterGoalChange(client, result.data),
  });
}

export function useUpdateGoal(id: string) {
  const client = useQueryClient();
  return useMutation({
    meta: { invalidates: lifestyleGoalsFeature.invalidates },
    mutationFn: async (body: LifestyleGoalUpdateBody) =>
      expectFound(await api.put(goalPath(id), body, lifestyleGoalResponse)),
    onSuccess: (result) => afterGoalChange(client, result.data),
  });
}

export function useDeleteGoal(id: string) {
  const client = useQueryClient();
  return useMutation({
    meta: { invalidates: lifestyleGoalsFeature.invalidates },
    mutationFn: async () => expectFound(await api.del(goalPath(id), messageOnly)),
    onSuccess: () => {
      client.setQueryData<LifestyleGoal[]>(GOALS_KEY, (goals) => goals?.filter((g) => g.id !== id));
      void client.invalidateQueries({ queryKey: GOALS_KEY });
    },
  });
}

/** Money put into the goal or taken out of it: the goal comes back as it now stands. */
export function useAddGoalEntry(id: string) {
  const client = useQueryClient();
  return useMutation({
    meta: { invalidates: lifestyleGoalsFeature.invalidates },
    mutationFn: async (body: LifestyleGoalEntryBody) =>
      expectFound(await api.post(`${goalPath(id)}/entries`, body, lifestyleGoalEntryResponse)),
    onSuccess: (result) => afterGoalChange(client, result.data.goal),
  });
}
