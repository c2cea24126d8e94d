import { Link } from 'react-router-dom';
import type { PaperInfo } from '@/api/types';
import { Icon } from '@/components/Icon/Icon';
import { TagList } from '@/components/TagList/TagList';
import { DISCUSSION_ANCHOR } from '@/kinds';
import { formatDate, formatNumber } from '@/lib/format';
import { paths } from '@/lib/paths';
import { serverHtml } from '@/lib/serverHtml';
import { AuthorLinks } from './AuthorLinks';
import { PaperVote } from './PaperVote';
import '@/components/Card/card.css';
import './PaperCard.css';

export function PaperCard({ paper, summaryHtml, kind }: { paper: PaperInfo; summaryHtml?: string; kind?: boolean }) {
  const authors = paper.authors ?? [];
  return (
    <article className="card paper-card" data-id={paper.id} data-arxiv={paper.arxiv_id}>
      {kind && <div className="card-kind">论文</div>}
      <h2 className="card-title">
        <Link to={paths.paper(paper.id)} dangerouslySetInnerHTML={serverHtml(paper.title_html)} />
      </h2>
      {paper.title_cn_html && <p className="paper-card__cn" dangerouslySetInnerHTML={serverHtml(paper.title_cn_html)} />}
      {authors.length > 0 && (
        <p className="paper-card__authors"><AuthorLinks names={authors.slice(0, 4)} />{authors.length > 4 ? ` 等 ${authors.length} 位作者` : ''}</p>
      )}
      {summaryHtml ? <p className="card-summary" dangerouslySetInnerHTML={serverHtml(summaryHtml)} />
        : paper.summary_cn && <p className="card-summary">{paper.summary_cn}</p>}
      <div className="card-foot">
        <TagList tags={paper.tag_names} />
        <div className="card-stats">
          <PaperVote paper={paper} />
          {paper.arxiv_id && <span className="paper-card__arxiv">arXiv:{paper.arxiv_id}</span>}
          {paper.published_at && <span><Icon name="calendar" size={13} />{formatDate(paper.published_at)}</span>}
          <Link to={paths.paperTrends(paper.id)} className="paper-card__hot" title="热度趋势"><Icon name="fire" size={14} />{formatNumber(paper.hotness)}</Link>
          {paper.pdf_url && <a href={paper.pdf_url} target="_blank" rel="noopener noreferrer"><Icon name="pdf" size={13} />PDF</a>}
          {(paper.comment_count ?? 0) > 0 && (
            <Link to={`${paths.paper(paper.id)}#${DISCUSSION_ANCHOR}`} className="card-comments" aria-label={`评论 ${formatNumber(paper.comment_count)}`}>
              <Icon name="comment" size={13} /><span className="card-comments__label">评论 </span>{formatNumber(paper.comment_count)}
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}
