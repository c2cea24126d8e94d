/** How long a quoted reply's excerpt is shown in the composer (the server's excerpt is its own). */
const EXCERPT = 120;

/** A quoted reply: its author and an excerpt, or 该评论已删除 when the quoted reply is gone. */
export function QuoteBlock({ author, excerpt, deleted = false }: { author: string | null; excerpt: string; deleted?: boolean }) {
  const chars = [...excerpt];
  const shown = chars.length > EXCERPT ? `${chars.slice(0, EXCERPT).join('')}…` : excerpt;
  return (
    <blockquote className="reply-quote">
      {deleted ? <span className="reply-quote__gone">该评论已删除</span> : <><span className="reply-quote__who">{author ?? '用户'}：</span>{shown}</>}
    </blockquote>
  );
}
