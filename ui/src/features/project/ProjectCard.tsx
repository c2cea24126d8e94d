import { Link } from 'react-router-dom';
import type { ProjectInfo } from '@/api/types';
import { Icon } from '@/components/Icon/Icon';
import { TagList } from '@/components/TagList/TagList';
import { formatNumber, formatRelativeTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { serverHtml } from '@/lib/serverHtml';
import { LanguageLabel } from './LanguageLabel';
import '@/components/Card/card.css';
import './ProjectCard.css';

export function ProjectCard({ project, summaryHtml, kind }: { project: ProjectInfo; summaryHtml?: string; kind?: boolean }) {
  return (
    <article className="card project-card" data-id={project.id}>
      {kind && <div className="card-kind">项目</div>}
      <h2 className="card-title card-title--mono">
        <Icon name="code" size={16} />
        <Link to={paths.project(project.id)} dangerouslySetInnerHTML={serverHtml(project.title_html)} />
        {project.url && (
          <a className="project-card__github" href={project.url} target="_blank" rel="noopener noreferrer" aria-label={`${project.repo} 在 GitHub`} title="GitHub">
            <Icon name="external" size={14} />
          </a>
        )}
      </h2>
      {summaryHtml ? <p className="card-summary" dangerouslySetInnerHTML={serverHtml(summaryHtml)} />
        : (project.description_cn || project.description) && <p className="card-summary">{project.description_cn || project.description}</p>}
      {project.description_cn && project.description && <p className="project-card__en">{project.description}</p>}
      {project.topics && project.topics.length > 0 && (
        <ul className="project-card__topics" aria-label="主题">
          {project.topics.slice(0, 6).map((t) => <li key={t}>{t}</li>)}
        </ul>
      )}
      <div className="card-foot">
        <TagList tags={project.tag_names} />
        <div className="card-stats">
          {project.language && <LanguageLabel language={project.language} />}
          <span title="Star"><Icon name="star" size={14} />{formatNumber(project.stars)}</span>
          <span title="Fork"><Icon name="fork" size={14} />{formatNumber(project.forks)}</span>
          {project.created_at && <span>{formatRelativeTime(project.created_at)}</span>}
        </div>
      </div>
    </article>
  );
}
