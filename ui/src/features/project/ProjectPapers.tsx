import { Link } from 'react-router-dom';
import type { LinkedPaper } from '@/api/types';
import { formatDate } from '@/lib/format';
import { paths } from '@/lib/paths';

/** 论文 on a project's page: the papers its description or README cites and those linking it, newest first. */
export function ProjectPapers({ papers }: { papers?: LinkedPaper[] }) {
  if (!papers || papers.length === 0) return null;
  return (
    <section className="project-section project-papers" aria-labelledby="project-papers-title">
      <h2 id="project-papers-title">论文</h2>
      <ul className="project-papers__list">
        {papers.map((p) => (
          <li key={p.id}>
            <Link className="project-papers__title" to={paths.paper(p.id)}>{p.title_cn || p.title}</Link>
            {p.title_cn && <p className="project-papers__en" lang="en">{p.title}</p>}
            <p className="project-papers__meta">
              <span className="project-papers__arxiv">arXiv:{p.arxiv_id}</span>
              {p.published_at && <span>{formatDate(p.published_at)}</span>}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
