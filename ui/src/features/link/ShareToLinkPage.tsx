import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageLoading } from '@/components/PageLoading/PageLoading';
import { useRequireLogin } from '@/features/auth';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { KINDS, shareKindOf } from '@/kinds';
import { paths } from '@/lib/paths';
import { api } from '@/lib/requestApi';
import { siteQuery } from '@/lib/site';
import { toast } from '@/lib/toast';
import { postStatus, publishPaper, setLinkBase, updateStoryPostId } from './linkApi';
import { STATUS_MAX } from './LinkComposer';
import '@/components/Card/card.css';
import './LinkPage.css';

/**
 * `/shareToLink?type=story|paper&id=`: share a story (a status with its title and link, then the story's
 * post id recorded) or publish a paper (the hub posts it, once per paper) into the link feed.
 */
export default function ShareToLinkPage() {
  const { isLogin } = useRequireLogin();
  const site = useQuery(siteQuery());
  setLinkBase(site.data?.link_base_url);
  const [params] = useSearchParams();
  const type = shareKindOf(params.get('type')) ?? 'story';
  const spec = KINDS[type];
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  useDocumentTitle('分享到社区动态');
  const item = useQuery({
    queryKey: ['shareToLink', type, id],
    queryFn: ({ signal }): Promise<{ id: number; title: string }> => {
      switch (type) {
        case 'paper': return api.get('/v3/paper/{paper_id}', { params: { path: { paper_id: id } } }, { signal });
        case 'story': return api.get('/v1/stories/{story_id}', { params: { path: { story_id: Number(id) } } }, { signal });
        default: return type satisfies never;
      }
    },
    enabled: Boolean(id),
  });
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (item.data) {
      const url = new URL(spec.detailPath!(item.data.id), window.location.origin).toString();
      setText(`${item.data.title}\n${url}`);
    }
  }, [item.data, type, spec, id]);

  if (!id) return <div className="link-share">缺少要分享的内容</div>;
  if (isLogin !== true || item.isLoading) return <PageLoading />;
  if (item.isError || !item.data) return <div className="link-share">内容不存在</div>;

  const share = async () => {
    setSending(true);
    try {
      let postId: string;
      if (spec.shareToLink === 'publish') {
        postId = (await publishPaper(id)).post_id;
      } else {
        if (!text.trim()) return toast('动态内容不能为空', 'error');
        postId = (await postStatus(text.trim())).id;
        await updateStoryPostId(item.data!.id, postId).catch(() => undefined); // kept by the first share; the post stands either way
      }
      toast('分享成功', 'success');
      navigate(paths.link(postId));
    } catch (e) {
      if (e instanceof Error && e.message) toast(e.message, 'error');
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="link-share">
      <h1 className="link-page__title">分享到社区动态</h1>
      <p className="link-share__item">{spec.label}：{item.data.title}</p>
      <div className="link-composer">
        <textarea aria-label="动态内容" value={text} maxLength={STATUS_MAX} rows={4} readOnly={spec.shareToLink === 'publish'} onChange={(e) => setText(e.target.value)} />
        <div className="link-composer__foot">
          <span className="link-composer__count">{text.length}/{STATUS_MAX}</span>
          <button type="button" className="btn btn--primary" disabled={sending} onClick={share}>发布到社区动态</button>
        </div>
      </div>
    </div>
  );
}
