import { useState } from 'react';
import { goLogin, useLogin } from '@/features/auth';
import { toast } from '@/lib/toast';
import { postStatus, type LinkStatus } from './linkApi';

export const STATUS_MAX = 500;

/** Post a status (or a reply): signed in only; the token is fetched on first use (authorize flow). */
export function LinkComposer({ replyTo, onPosted, placeholder = '分享你的想法…' }: { replyTo?: string; onPosted: (s: LinkStatus) => void; placeholder?: string }) {
  const { isLogin } = useLogin();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  if (isLogin === false) {
    return (
      <div className="link-composer link-composer--signed-out">
        <span>登录后即可发布动态</span>
        <button type="button" className="btn btn--primary" onClick={() => goLogin()}>登录</button>
      </div>
    );
  }
  const trimmed = text.trim();
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!trimmed) return toast('动态内容不能为空', 'error');
    setSending(true);
    try {
      const status = await postStatus(trimmed, replyTo);
      setText('');
      toast('发布成功', 'success');
      onPosted(status);
    } catch (err) {
      if (err instanceof Error && err.message) toast(err.message, 'error');
    } finally {
      setSending(false);
    }
  };
  return (
    <form className="link-composer" onSubmit={submit} aria-label={replyTo ? '回复' : '发布动态'}>
      <textarea
        aria-label={replyTo ? '回复内容' : '动态内容'}
        value={text}
        maxLength={STATUS_MAX}
        placeholder={placeholder}
        onChange={(e) => setText(e.target.value)}
        rows={replyTo ? 2 : 3}
      />
      <div className="link-composer__foot">
        <span className="link-composer__count">{text.length}/{STATUS_MAX}</span>
        <button type="submit" className="btn btn--primary" disabled={sending || !trimmed}>{replyTo ? '回复' : '发布'}</button>
      </div>
    </form>
  );
}
