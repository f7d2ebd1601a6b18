import { type Tool, toolResponse, toolsResponse } from '@helo/contract/tools';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';

const PATH = '/v1/tools';
export const TOOLS_KEY = ['tools'];

/** Every upcoming tool, with whether the user is on its waitlist. */
export function useTools() {
  return useQuery({
    queryKey: TOOLS_KEY,
    queryFn: async (): Promise<Tool[]> => expectFound(await api.get(PATH, toolsResponse)).data,
  });
}

/**
 * Joins or leaves one tool's waitlist. Not optimistic: the card changes when the server's answer
 * arrives (the button is busy until then), so it never shows a state the server refused. The answer
 * holds the tool as it now stands and replaces it in the list; the server's message is the toast.
 */
export function useToolWaitlist(id: string) {
  const client = useQueryClient();
  const url = `${PATH}/${encodeURIComponent(id)}/waitlist`;
  return useMutation({
    mutationFn: async (join: boolean) => {
      const answer = expectFound(join ? await api.post(url, {}, toolResponse) : await api.del(url, toolResponse));
      return { tool: answer.data, message: answer.message };
    },
    onSuccess: ({ tool }) =>
      client.setQueryData<Tool[]>(TOOLS_KEY, (tools) => tools?.map((t) => (t.id === tool.id ? tool : t))),
    // Refused (the list changed in another tab, the tool is gone): show what the server holds.
    onError: () => void client.invalidateQueries({ queryKey: TOOLS_KEY }),
  });
}
