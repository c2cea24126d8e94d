import type { PaperInfo } from '@/api/types';
import { Icon } from '@/components/Icon/Icon';
import { useAsMember } from '@/features/auth';
import { formatNumber } from '@/lib/format';
import { usePaperVote } from './paperVote';
import './PaperVote.css';

/** A paper's upvote, as Hugging Face Papers readers know it: one per member, a second click takes it back;
 * a visitor is sent to sign in. The accessible name carries the count (点赞 12). */
export function PaperVote({ paper, size = 'sm' }: { paper: Pick<PaperInfo, 'id' | 'is_voted' | 'vote_count'>; size?: 'sm' | 'lg' }) {
  const asMember = useAsMember();
  const { state, toggle } = usePaperVote(paper);
  const name = state.is_voted ? '取消点赞' : '点赞';
  return (
    <button
      type="button"
      className={`paper-vote paper-vote--${size}${state.is_voted ? ' paper-vote--on' : ''}`}
      aria-pressed={state.is_voted}
      aria-label={`${name} ${formatNumber(state.vote_count)}`}
      title={name}
      onClick={() => void asMember(toggle)}
    >
      <Icon name="thumb" size={size === 'lg' ? 16 : 13} fill={state.is_voted ? 'currentColor' : 'none'} />
      <span className="paper-vote__count">{formatNumber(state.vote_count)}</span>
    </button>
  );
}
