/** Event sign-up (POST /v1/events/saveOrder) with the account's details; the item then refreshes everywhere. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventInfo, LoginInfo } from '@/api/types';
import { api } from '@/lib/requestApi';
import { toast } from '@/lib/toast';
import { patchEvent } from './eventCache';
import { SIGN_UP_OK } from './eventRules';

export function useSaveOrder(event: Pick<EventInfo, 'id'>) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['event-order', event.id],
    mutationFn: (user: Pick<LoginInfo, 'name' | 'phone' | 'region' | 'email'>) =>
      api.write('post', '/v1/events/saveOrder', { body: {
        // sent as the profile has them: a missing one is refused by the server with its message (the toast)
        name: user.name as string,
        phone: user.phone || null,
        region: user.region || null,
        email: user.email as string,
        activityId: event.id,
      } }),
    onSuccess: async ({ data, msg }) => {
      toast(msg || SIGN_UP_OK, 'success');
      patchEvent(client, event.id, { order_status: data.order_status, order_info: data.order_info });
      // The list refreshes that item: its current state from the API (badge, button, ticket).
      const fresh = await api.post('/v1/events/info', { body: { type: 'events', ids: [event.id] } }).catch(() => []);
      if (fresh[0]) patchEvent(client, event.id, fresh[0]);
    },
  });
}
