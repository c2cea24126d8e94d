import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { StoryInfo } from '@/api/types';
import { Icon } from '@/components/Icon/Icon';
import { useAsMember, useLogin } from '@/features/auth';
import { useDevice } from '@/hooks/useDevice';
import { formatNumber } from '@/lib/format';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { DeleteDialog } from './DeleteDialog';
import { ReportDialog } from './ReportDialog';
import { isOwnStory, useDeleteStory, useReport, useStoryToggle, type ToggleAction } from './storyActions';
import './StoryActions.css';

export const PC_ONLY = '请在PC端进行操作';

/** Reporting is a desktop task (spec section 5): elsewhere a toast says so and nothing opens. */
export function reportsHere(device: { isPc: boolean; isPhone: boolean }): boolean {
  if (device.isPc && !device.isPhone) return true;
  toast(PC_ONLY);
  return false;
}

type Story = Pick<StoryInfo, 'id' | 'is_voted' | 'is_marked' | 'is_reported' | 'final_score' | 'remark_count' | 'can_editor' | 'can_delete' | 'session_user_id' | 'user_id'>;

/**
 * A story's actions: vote and mark toggles with their counts, report (desktop only), edit (when
 * can_editor) and delete (when can_delete). Signed-out visitors are sent to login.
 */
export function StoryActions({ story, size = 14, onDeleted, compact = false }: {
  story: Story; size?: number; onDeleted?: () => void; compact?: boolean;
}) {
  const { isLogin } = useLogin();
  const device = useDevice();
  const vote = useStoryToggle(story, 'vote');
  const mark = useStoryToggle(story, 'mark');
  const { up, down } = useReport(story.id);
  const del = useDeleteStory(story.id, onDeleted);
  const [reporting, setReporting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const own = isOwnStory(story);

  const asMember = useAsMember();
  // A second click on the same toggle waits for the first answer; the other toggle stays free.
  const run = (toggle: typeof vote, action: ToggleAction) =>
    void asMember(() => {
      if (!toggle.isPending) toggle.mutate({ action, before: story });
    });
  const report = () =>
    void asMember(() => {
      if (!reportsHere(device)) return;
      if (story.is_reported) {
        if (!down.isPending) down.mutate();
        return;
      }
      setReporting(true);
    });

  return (
    <div className={`story-actions${compact ? ' story-actions--compact' : ''}`}>
      <CountToggle
        on={story.is_voted} label="点赞" icon="thumb" size={size} count={story.final_score} testId="vote-count"
        onClick={() => run(vote, story.is_voted ? 'unvote' : 'vote')}
      />
      <CountToggle
        on={story.is_marked} label="收藏" icon="star" size={size} count={story.remark_count} testId="mark-count"
        onClick={() => run(mark, story.is_marked ? 'unmark' : 'mark')}
      />
      {isLogin && !own && (
        <button type="button" className={`story-action story-action--text${story.is_reported ? ' story-action--on' : ''}`} onClick={report}>
          <Icon name="flag" size={size} />{story.is_reported ? '已举报' : '举报'}
        </button>
      )}
      {story.can_editor && (
        <Link to={paths.update(story.id)} className="story-action story-action--text">
          <Icon name="edit" size={size} />编辑
        </Link>
      )}
      {story.can_delete && (
        <button type="button" className="story-action story-action--text story-action--danger" onClick={() => setDeleting(true)}>
          <Icon name="trash" size={size} />删除
        </button>
      )}
      {reporting && (
        <ReportDialog open onClose={() => setReporting(false)} pending={up.isPending} onSubmit={(report) => up.mutate(report, { onSuccess: () => setReporting(false) })} />
      )}
      {deleting && (
        <DeleteDialog
          title={own ? '删除文章' : '删除他人文章'} own={own} open onClose={() => setDeleting(false)} pending={del.isPending}
          onDelete={(reason) => del.mutate(reason, { onSuccess: () => setDeleting(false) })}
        />
      )}
    </div>
  );
}

/** A toggle with its count (vote, mark): pressed state, 取消… label when on, filled icon when on; the
 * accessible name carries the count too (点赞 12), which the visible number alone did not give a screen reader. */
function CountToggle({ on, label, icon, size, count, testId, onClick }: {
  on: boolean; label: string; icon: 'thumb' | 'star'; size: number; count: number | undefined; testId: string; onClick: () => void;
}) {
  const name = on ? `取消${label}` : label;
  return (
    <button
      type="button"
      className={`story-action${on ? ' story-action--on' : ''}`}
      aria-pressed={on}
      aria-label={`${name} ${formatNumber(count)}`}
      title={name}
      onClick={onClick}
    >
      <Icon name={icon} size={size} fill={on ? 'currentColor' : 'none'} />
      <span className="story-action__count" data-testid={testId}>{formatNumber(count)}</span>
    </button>
  );
}
