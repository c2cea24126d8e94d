export interface TourStep {
  /** CSS selectors of the element to point at, the first one present and visible wins */
  target: string;
  title: string;
  text: string;
}

/** The spec's tour constants: mask opacity 0.5, bubble width 342, offset 50 (kept between a target and the window's top when scrolled to). */
export const TOUR_MASK_OPACITY = 0.5;
export const TOUR_BUBBLE_WIDTH = 342;
export const TOUR_OFFSET = 50;

/** The first-visit tour; a step whose element is not on this page or screen (the side bar on a phone) is left out. */
export const TOUR_STEPS: TourStep[] = [
  {
    target: '.site-header__search, .site-header .icon-btn[aria-label="搜索"]',
    title: '搜索',
    text: '输入关键词搜索文章、论文、活动和项目，中英文、拼音和 arXiv 编号都能搜到。',
  },
  {
    target: '.site-nav, .site-nav-row',
    title: '栏目导航',
    text: '在活动、论文、榜单、专栏和项目之间切换，当前栏目会高亮显示。',
  },
  {
    target: '.layout__aside, .tag-filter-btn',
    title: '话题标签',
    text: '按话题标签筛选内容，可以多选，也可以整组全选；点击“重新选择”清空。',
  },
  {
    target: '.filters-bar',
    title: '排序与时间',
    text: '切换“最热”和“最新”，并按今天、本周、本月查看热门内容。',
  },
  {
    target: '.site-header__user',
    title: '登录与发布',
    text: '登录后可以发布文章、点赞、收藏、举报，还能报名活动、查看电子票。',
  },
];
