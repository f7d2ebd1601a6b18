import type { Notification } from '@helo/contract/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/auth.ts';

const KEY = ['notifications'];

/** Spec §4: fetched once on entering the dashboard; failures are only logged. */
export function useNotifications() {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: KEY,
    queryFn: async () => {
      try {
        return (await api.get<Notification[]>('/v1/notifications')).data ?? [];
      } catch (error) {
        console.error('Could not load notifications', error);
        throw error;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
  });

  const setLocal = (update: (items: Notification[]) => Notification[]) =>
    client.setQueryData<Notification[]>(KEY, (items) => update(items ?? []));

  // The server is told first; only then does the local copy change (spec §4).
  const markRead = useMutation({
    mutationFn: (id: string) => api.put(`/v1/notifications/${id}/read`),
    onSuccess: (_result, id) => setLocal((items) => items.map((n) => (n._id === id ? { ...n, is_read: true } : n))),
    onError: (error) => console.error('Could not mark the notification read', error),
  });
  const markAllRead = useMutation({
    mutationFn: () => api.put('/v1/notifications/mark-all-read'),
    onSuccess: () => setLocal((items) => items.map((n) => ({ ...n, is_read: true }))),
    onError: (error) => console.error('Could not mark all notifications read', error),
  });

  return { items: query.data ?? [], markRead, markAllRead };
}
