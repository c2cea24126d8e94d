import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { api } from '@/lib/requestApi';
import { toast } from '@/lib/toast';

/** The heat rollup on demand (POST /v1/editor/rollup); it also runs every day at 0:00. */
export function HeatSection() {
  const uid = useId();
  const rollup = useMutation({
    mutationFn: () => api.write('post', '/v1/editor/rollup'),
    onSuccess: ({ msg }) => toast(msg || '已开始汇总', 'success'),
  });
  return (
    <section className="editor-card" aria-labelledby={`${uid}-heat`}>
      <h2 className="editor-card__title" id={`${uid}-heat`}>热度汇总</h2>
      <p className="editor-card__hint">
        浏览、点击、点赞、收藏和举报每天 0:00（北京时间）汇总成热度，热门排序、榜单和论文热度趋势都来自它。需要时可以立即汇总一次，今天到目前为止的数据也会算进去。
      </p>
      <button type="button" className="btn btn--primary" disabled={rollup.isPending} onClick={() => rollup.mutate()}>
        立即汇总热度
      </button>
    </section>
  );
}
