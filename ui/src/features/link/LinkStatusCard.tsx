import type { LinkInfo } from '@/api/types';
import { formatNumber, formatRelativeTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { serverHtml } from '@/lib/serverHtml';
import { Link } from 'react-router-dom';
import '@/components/Card/card.css';

/** A link status in search results: its (highlighted) first line, author, favourites, opening its discussion (a remote server's status: at that server, in a new tab). */
export function LinkStatusCard({ status, summaryHtml }: { status: LinkInfo; summaryHtml?: string }) {
  return (
    <article className="card link-card" data-id={status.id}>
      <div className="card-kind">动态</div>
      <h2 className="card-title">
        {status.origin && status.url ? (
          // A remote server's status: its discussion lives there.
          <a href={status.url} target="_blank" rel="noopener noreferrer" dangerouslySetInnerHTML={serverHtml(status.title_html)} />
        ) : (
          <Link to={paths.link(String(status.id))} dangerouslySetInnerHTML={serverHtml(status.title_html)} />
        )}
      </h2>
      {summaryHtml ? <p className="card-summary" dangerouslySetInnerHTML={serverHtml(summaryHtml)} /> : <p className="card-summary">{status.content}</p>}
      <div className="card-foot">
        <span>{status.user_name}</span>
        <div className="card-stats">
          <span title="收藏">♥ {formatNumber(status.favourites_count)}</span>
          {status.created_at && <span>{formatRelativeTime(status.created_at)}</span>}
        </div>
      </div>
    </article>
  );
}
