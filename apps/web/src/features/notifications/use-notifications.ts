import {
  markAllReadResponse,
  type NotificationsPage,
  notificationResponse,
  notificationsResponse,
} from '@helo/contract/notifications';
import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';

/**
 * The bell's queries. Another feature's write that makes the server announce something (a milestone,
 * a request saved) names 'notifications' in its feature.ts `invalidates`: it never imports this key.
 */
export const NOTIFICATIONS_KEY = ['notifications'];
const KEY = NOTIFICATIONS_KEY;
/** The notifications page's lists (all, unread), apart from the bell's so each keeps its own pages. */
export const NOTIFICATIONS_LIST_KEY = [...NOTIFICATIONS_KEY, 'list'];

type Page = Pick<NotificationsPage, 'data' | 'next_cursor' | 'unread_count'>;
type Pages = InfiniteData<Page, string | null>;

/** One page of the list after `cursor`; only the unread ones with `unreadOnly` (the notifications page's filter). */
export async function fetchPage(cursor: string | null, unreadOnly = false): Promise<Page> {
  try {
    const params = new URLSearchParams();
    if (cursor) params.set('cursor', cursor);
    if (unreadOnly) params.set('unread', 'true');
    const query = params.size > 0 ? `?${params}` : '';
    const { data, next_cursor, unread_count } = expectFound(
      await api.get(`/v1/notifications${query}`, notificationsResponse),
    ).body;
    return { data, next_cursor, unread_count };
  } catch (error) {
    console.error('Could not load notifications', error);
    throw error;
  }
}

/**
 * Spec §4: fetched once on entering the dashboard; failures are only logged. The list comes a page
 * at a time (older pages when the panel is scrolled to its end); the unread count covers them all.
 */
export function useNotifications() {
  const client = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: KEY,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: Number.POSITIVE_INFINITY,
  });

  const setLocal = (update: (page: Page, index: number) => Page) =>
    client.setQueryData<Pages>(KEY, (pages) => pages && { ...pages, pages: pages.pages.map(update) });

  // The server is told first; only then does the local copy change (spec §4).
  const markRead = useMutation({
    mutationFn: (id: string) => api.put(`/v1/notifications/${encodeURIComponent(id)}/read`, {}, notificationResponse),
    onSuccess: (_result, id) => {
      const wasUnread = query.data?.pages.some((p) => p.data.some((n) => n._id === id && !n.is_read));
      setLocal((page, index) => ({
        ...page,
        data: page.data.map((n) => (n._id === id ? { ...n, is_read: true } : n)),
        unread_count: index === 0 && wasUnread ? Math.max(0, page.unread_count - 1) : page.unread_count,
      }));
    },
    onError: (error) => console.error('Could not mark the notification read', error),
  });
  const markAllRead = useMutation({
    mutationFn: () => api.put('/v1/notifications/mark-all-read', {}, markAllReadResponse),
    onSuccess: () => {
      setLocal((page) => ({ ...page, data: page.data.map((n) => ({ ...n, is_read: true })), unread_count: 0 }));
      void client.invalidateQueries({ queryKey: NOTIFICATIONS_LIST_KEY });
    },
    onError: (error) => console.error('Could not mark all notifications read', error),
  });

  return {
    items: query.data?.pages.flatMap((p) => p.data) ?? [],
    unread: query.data?.pages[0]?.unread_count ?? 0,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
    markRead,
    markAllRead,
  };
}
