import { useId, useState, type FormEvent, type RefObject } from 'react';
import { Icon } from '@/components/Icon/Icon';
import { goLogin, useLogin } from '@/features/auth';
import { TEXT_MAX, textLength, validateReply } from './discussionRules';
import type { Reply } from '@/api/types';
import { usePostReply, type ThreadPlace } from './replyActions';
import { QuoteBlock } from './QuoteBlock';

/**
 * Writing a reply: the text (n/1000, the server's words when empty or too long), the quoted reply above
 * it when there is one, 发表评论. A visitor is offered the sign-in instead.
 */
export function Composer({ place, replyTo, quote, onClearQuote, onDone, inputRef, compact = false, autoFocus = false }: {
  place: ThreadPlace;
  /** the reply answered (a child's composer): its id is sent and its author named in the placeholder */
  replyTo?: Reply;
  quote?: Reply | null;
  onClearQuote?: () => void;
  onDone?: () => void;
  inputRef?: RefObject<HTMLTextAreaElement>;
  compact?: boolean;
  /** a reply's composer takes the cursor as it opens */
  autoFocus?: boolean;
}) {
  const { isLogin } = useLogin();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const post = usePostReply(place);
  const id = useId();
  if (isLogin === false) {
    return (
      <div className="reply-composer reply-composer--signed-out">
        <span>登录后参与评论</span>
        <button type="button" className="btn btn--primary btn--sm" onClick={() => goLogin()}>登录</button>
      </div>
    );
  }
  const count = textLength(text);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateReply(text);
    setError(found);
    if (found || post.isPending) return;
    post.mutate(
      { text: text.trim(), ...(replyTo ? { reply_to_id: replyTo.id } : {}), ...(quote ? { quote_id: quote.id } : {}) },
      { onSuccess: () => { setText(''); onClearQuote?.(); onDone?.(); } },
    );
  };
  const label = replyTo ? `回复 @${replyTo.author?.name ?? ''}` : '评论内容';
  return (
    <form className={`reply-composer${compact ? ' reply-composer--compact' : ''}`} onSubmit={submit} noValidate aria-label={replyTo ? '回复评论' : '发表评论'}>
      {quote && (
        <div className="reply-composer__quote">
          <QuoteBlock author={quote.author?.name ?? null} excerpt={quote.text} />
          <button type="button" className="reply-composer__unquote" aria-label="取消引用" onClick={onClearQuote}><Icon name="close" size={14} /></button>
        </div>
      )}
      <textarea
        ref={inputRef}
        id={`${id}-text`}
        className="textarea reply-composer__text"
        aria-label={label}
        placeholder={replyTo ? label : '写下你的评论，可以 @ 其他成员'}
        rows={compact ? 2 : 3}
        autoFocus={autoFocus}
        value={text}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => { setText(e.target.value); if (error) setError(validateReply(e.target.value)); }}
      />
      <div className="reply-composer__foot">
        {error ? <p className="field__error" id={`${id}-error`} role="alert">{error}</p> : <span />}
        <span className={`field__counter${count > TEXT_MAX ? ' field__counter--over' : ''}`} aria-live="polite">{count}/{TEXT_MAX}</span>
        {replyTo && onDone && <button type="button" className="btn btn--plain btn--sm" onClick={onDone}>取消</button>}
        <button type="submit" className="btn btn--primary btn--sm" disabled={post.isPending}>{replyTo ? '回复' : '发表评论'}</button>
      </div>
    </form>
  );
}
