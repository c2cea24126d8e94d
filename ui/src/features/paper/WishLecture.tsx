import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Icon } from '@/components/Icon/Icon';
import { useAsMember } from '@/features/auth';
import { formatNumber } from '@/lib/format';
import { api } from '@/lib/requestApi';
import { toast } from '@/lib/toast';

/** Wish type 1 (the default of spec section 7): a lecture on the paper. */
const LECTURE = 1;

const wishKey = (paperId: number) => ['wish-lecture', paperId, LECTURE] as const;

/**
 * 想听讲解: a signed-in reader asks for a lecture on the paper (POST /v3/paper/wish_lectures/start,
 * once per reader); the count is everyone's. Signed out, the button sends the visitor to sign in.
 */
export function WishLecture({ paperId }: { paperId: number }) {
  const asMember = useAsMember();
  const client = useQueryClient();
  const state = useQuery({
    queryKey: wishKey(paperId),
    queryFn: () => api.post('/v3/paper/wish_lectures/status', { body: { id: paperId, type: LECTURE } }),
  });
  const start = useMutation({
    mutationFn: () => api.write('post', '/v3/paper/wish_lectures/start', { body: { id: paperId, type: LECTURE } }),
    onSuccess: ({ data, msg }) => {
      client.setQueryData(wishKey(paperId), data);
      toast(msg || '操作成功', 'success');
    },
  });
  const wished = Boolean(state.data?.is_wished);
  const label = wished ? '已想听' : '想听讲解';
  const onClick = () =>
    void asMember(() => {
      if (!wished && !start.isPending) start.mutate();
    });
  return (
    <button
      type="button"
      className={`btn btn--sm ${wished ? 'btn--ghost' : 'btn--primary'}`}
      aria-pressed={wished}
      aria-label={state.data ? `${label}，${state.data.count} 人想听` : label}
      disabled={start.isPending}
      onClick={onClick}
    >
      <Icon name="thumb" size={13} />
      {label}
      {state.data ? <span className="wish-lecture__count" aria-hidden="true"> · {formatNumber(state.data.count)}</span> : null}
    </button>
  );
}
