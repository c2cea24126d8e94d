import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { PaperInfo } from '@/api/types';
import { api } from '@/lib/requestApi';

/** A paper's upvotes as a member sees them. */
export type VoteState = { is_voted: boolean; vote_count: number };

const stateOf = (paper: Pick<PaperInfo, 'is_voted' | 'vote_count'>): VoteState => ({
  is_voted: Boolean(paper.is_voted), vote_count: Math.max(0, paper.vote_count ?? 0),
});

/** The state after a click: one vote each, the count never below 0. */
export function toggled(s: VoteState): VoteState {
  return s.is_voted ? { is_voted: false, vote_count: Math.max(0, s.vote_count - 1) } : { is_voted: true, vote_count: s.vote_count + 1 };
}

/**
 * Upvote a paper or take the vote back (POST /v1/papers/{id}/vote | unvote): shown at once, settled by
 * the server's answer, put back when the call fails; the paper's pages read it afresh afterwards.
 */
export function usePaperVote(paper: Pick<PaperInfo, 'id' | 'is_voted' | 'vote_count'>) {
  const { id, is_voted: voted, vote_count: count } = paper;
  const [state, setState] = useState<VoteState>(() => stateOf({ is_voted: voted, vote_count: count }));
  // A fresh read of the paper (another page voted, a refetch) wins over what this button last showed.
  useEffect(() => {
    setState(stateOf({ is_voted: voted, vote_count: count }));
  }, [id, voted, count]);
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (before: VoteState) =>
      api.post(before.is_voted ? '/v1/papers/{paper_id}/unvote' : '/v1/papers/{paper_id}/vote', { params: { path: { paper_id: id } } }),
    onMutate: (before) => setState(toggled(before)),
    onSuccess: (answer) => setState({ is_voted: answer.is_voted, vote_count: answer.vote_count }),
    onError: (_error, before) => setState(before),
    onSettled: () => client.invalidateQueries({ queryKey: ['paper', String(id)] }),
  });
  return { state, toggle: () => { if (!mutation.isPending) mutation.mutate(state); }, pending: mutation.isPending };
}
