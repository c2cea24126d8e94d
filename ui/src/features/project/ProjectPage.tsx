import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { NotFound, QueryError } from '@/components/ErrorView/ErrorView';
import { Icon } from '@/components/Icon/Icon';
import { PageLoading } from '@/components/PageLoading/PageLoading';
import { TagList } from '@/components/TagList/TagList';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { useDuration } from '@/hooks/useTracking';
import { formatNumber } from '@/lib/format';
import { paths } from '@/lib/paths';
import { LanguageLabel } from './LanguageLabel';
import { projectQuery } from './projectQueries';
import { ProjectPapers } from './ProjectPapers';
import './ProjectPage.css';

/** `/projects/{id}`: a repository on the hub, its description and the papers joined to it (论文). */
export default function ProjectPage() {
  const { id = '' } = useParams();
  const project = useQuery(projectQuery(id));
  const p = project.data;
  useDocumentTitle(p?.repo, { description: p?.description_cn || p?.description });
  useDuration('detail', p ? { project_id: p.id } : null);
  useEffect(() => {
    window.scrollTo(0, 0); // opened from a paper's 代码, far down its page
  }, [id]);
  if (!/^\d+$/.test(id)) return <NotFound />;
  if (project.isLoading) return <PageLoading />;
  if (project.isError || !p) return <QueryError error={project.error} />;
  return (
    <article className="project-page">
      <div className="project-section project-page__head">
        <h1 className="project-page__title"><Icon name="code" size={20} />{p.repo}</h1>
        {(p.description_cn || p.description) && <p className="project-page__desc">{p.description_cn || p.description}</p>}
        {p.description_cn && p.description && <p className="project-page__en" lang="en">{p.description}</p>}
        <div className="project-page__stats">
          {p.language && <LanguageLabel language={p.language} />}
          <span title="Star"><Icon name="star" size={14} />{formatNumber(p.stars)}</span>
          <span title="Fork"><Icon name="fork" size={14} />{formatNumber(p.forks)}</span>
        </div>
        {p.topics && p.topics.length > 0 && (
          <ul className="project-page__topics" aria-label="主题">
            {p.topics.map((t) => <li key={t}>{t}</li>)}
          </ul>
        )}
        <div className="project-page__actions">
          {p.url && <a className="btn btn--primary btn--sm" href={p.url} target="_blank" rel="noopener noreferrer"><Icon name="external" size={13} />在 GitHub 查看</a>}
        </div>
        <TagList tags={p.tag_names} feed={paths.projects()} />
      </div>
      <ProjectPapers papers={p.papers} />
    </article>
  );
}
