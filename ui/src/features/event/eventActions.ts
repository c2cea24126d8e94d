/** Event sign-up (POST /v1/events/saveOrder) with the account's details; the item then refreshes everywhere. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventInfo, LoginInfo, OrderState } from '@/api/types';
import { post, write } from '@/lib/request';
import { toast } from '@/lib/toast';
import { patchEvent } from './eventCache';
import { SIGN_UP_OK } from './eventRules';

export function useSaveOrder(event: Pick<EventInfo, 'id'>) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['event-order', event.id],
    mutationFn: (user: Pick<LoginInfo, 'name' | 'phone' | 'region' | 'email'>) =>
      write<OrderState>('POST', '/v1/events/saveOrder', {
        name: user.name,
        phone: user.phone || null,
        region: user.region || null,
        email: user.email,
        activityId: event.id,
      }),
    onSuccess: async ({ data, msg }) => {
      toast(msg || SIGN_UP_OK, 'success');
      patchEvent(client, event.id, { order_status: data.order_status, order_info: data.order_info });
      // The list refreshes that item: its current state from the API (badge, button, ticket).
      const fresh = await post<EventInfo[]>('/v1/events/info', { type: 'events', ids: [event.id] }).catch(() => []);
      if (fresh[0]) patchEvent(client, event.id, fresh[0]);
    },
  });
}
