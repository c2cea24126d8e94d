/**
 * What the list pages say of themselves (meta description, og:description, and so the WeChat share
 * card): the words the server writes into their first HTML (api/services/page_meta.py
 * LIST_DESCRIPTIONS, held equal by tests/api/test_shell.py), so a client-side visit and a landing say
 * the same. Pages not named here use the site's description.
 */
export const PAGE_DESCRIPTIONS = {
  events: 'AI 社区活动：线下沙龙、线上直播与技术大会，在线报名。',
  papers: '每日 arXiv AI 论文，中文摘要与热度趋势。',
  'papers/daily': '每天的 AI 论文，按社区点赞和热度排序。',
  projects: '值得关注的开源 AI 项目。',
  rankings: 'AI 社区人物榜单。',
} as const;
