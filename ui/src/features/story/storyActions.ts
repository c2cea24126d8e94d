/**
 * What a signed-in user does to a story (spec sections 4–6): vote/unvote and mark/unmark
 * (optimistic, settled by the server's answer, never below 0), report/unreport, delete.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import type { StoryInfo } from '@/api/types';
import { api } from '@/lib/requestApi';
import { toast } from '@/lib/toast';
import { patchStory, removeStory, type StoryPatch } from './storyCache';

export type ToggleAction = 'vote' | 'unvote' | 'mark' | 'unmark';

/** The two toggles a story has; each is its own mutation, so a pending vote never swallows a mark click. */
export type Toggle = 'vote' | 'mark';

const FIELDS: Record<Toggle, readonly (keyof ToggleResult)[]> = {
  vote: ['is_voted', 'final_score'],
  mark: ['is_marked', 'remark_count'],
};

/** The API's path for each action. */
export const TOGGLE_PATH = {
  vote: '/v1/stories/{story_id}/favourite',
  unvote: '/v1/stories/{story_id}/unfavourite',
  mark: '/v1/stories/{story_id}/bookmark',
  unmark: '/v1/stories/{story_id}/unbookmark',
} as const satisfies Record<ToggleAction, string>;

/** The answer of a toggle. */
export type ToggleResult = components['schemas']['StoryState'];

export type Counters = Pick<StoryInfo, 'is_voted' | 'is_marked'> & { final_score?: number; remark_count?: number };

const atLeast0 = (n: number | undefined | null) => Math.max(0, Number(n) || 0);

/** The state after an action: vote adds 1 to final_score, mark adds 1 to remark_count; their reverses subtract (never below 0). */
export function applyToggle(s: Counters, action: ToggleAction): Counters {
  switch (action) {
    case 'vote':
      return { ...s, is_voted: true, final_score: s.is_voted ? atLeast0(s.final_score) : atLeast0(s.final_score) + 1 };
    case 'unvote':
      return { ...s, is_voted: false, final_score: s.is_voted ? atLeast0(atLeast0(s.final_score) - 1) : atLeast0(s.final_score) };
    case 'mark':
      return { ...s, is_marked: true, remark_count: s.is_marked ? atLeast0(s.remark_count) : atLeast0(s.remark_count) + 1 };
    case 'unmark':
      return { ...s, is_marked: false, remark_count: s.is_marked ? atLeast0(atLeast0(s.remark_count) - 1) : atLeast0(s.remark_count) };
  }
}

/**
 * The server's answer to one toggle as a patch of that toggle's fields only (counts clamped at 0):
 * the answer to a vote also carries the mark state as it was when the vote committed, which a mark
 * clicked meanwhile may already have changed.
 */
export function settle(r: Partial<ToggleResult> | null | undefined, toggle: Toggle): StoryPatch {
  const patch: StoryPatch = {};
  if (!r) return patch;
  const [flag, count] = FIELDS[toggle] as ['is_voted' | 'is_marked', 'final_score' | 'remark_count'];
  if (typeof r[flag] === 'boolean') patch[flag] = r[flag];
  if (r[count] !== undefined && r[count] !== null) patch[count] = atLeast0(r[count]);
  return patch;
}

const countersOf = (s: Counters, toggle: Toggle): StoryPatch =>
  toggle === 'vote' ? { is_voted: s.is_voted, final_score: atLeast0(s.final_score) } : { is_marked: s.is_marked, remark_count: atLeast0(s.remark_count) };

/** Vote/unvote or mark/unmark: the story changes at once everywhere it is shown; a failure puts that toggle back. */
export function useStoryToggle(story: Counters & { id: number }, toggle: Toggle) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['story-toggle', story.id, toggle],
    mutationFn: ({ action }: { action: ToggleAction; before: Counters }) =>
      api.post(TOGGLE_PATH[action], { params: { path: { story_id: story.id } } }),
    onMutate: async ({ action, before }) => {
      await client.cancelQueries({ queryKey: ['story', String(story.id)], exact: true });
      patchStory(client, story.id, countersOf(applyToggle(before, action), toggle));
      return { before };
    },
    onError: (_err, _vars, ctx) => {
      if (ctx) patchStory(client, story.id, countersOf(ctx.before, toggle));
    },
    onSuccess: (result) => patchStory(client, story.id, settle(result, toggle)),
  });
}

export const REPORT_OK = '举报成功';
export const UNREPORT_OK = '已取消举报';

/** Report payload (spec section 3). */
export type ReportBody = components['schemas']['ReportUpBody'];

/** POST /v1/report/up and /down: the toast shows the API's text (default 举报成功); is_reported follows. */
export function useReport(storyId: number) {
  const client = useQueryClient();
  const up = useMutation({
    mutationFn: (body: Omit<ReportBody, 'story_id'>) => api.write('post', '/v1/report/up', { body: { story_id: storyId, ...body } }),
    onSuccess: ({ msg }) => {
      patchStory(client, storyId, { is_reported: true });
      toast(msg || REPORT_OK, 'success');
    },
  });
  const down = useMutation({
    mutationFn: () => api.write('post', '/v1/report/down', { body: { story_id: storyId } }),
    onSuccess: ({ msg }) => {
      patchStory(client, storyId, { is_reported: false });
      toast(msg || UNREPORT_OK, 'success');
    },
  });
  return { up, down };
}

export const DELETE_OK = '删除成功';

/** POST /v1/story/del {story_id, reason?}: toast (default 删除成功) and the story leaves every list. */
export function useDeleteStory(storyId: number, onDeleted?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason?: string) =>
      api.write('post', '/v1/story/del', { body: reason ? { story_id: storyId, reason } : { story_id: storyId } }),
    onSuccess: ({ msg }) => {
      toast(msg || DELETE_OK, 'success');
      removeStory(client, storyId);
      onDeleted?.();
    },
  });
}

/** The owner deletes with a confirmation; anyone else (a moderator) must give a reason. */
export function isOwnStory(s: Pick<StoryInfo, 'session_user_id' | 'user_id'>): boolean {
  return s.session_user_id !== null && s.session_user_id !== undefined && s.session_user_id === s.user_id;
}
