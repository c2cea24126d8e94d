import type { ProjectInfo } from '@/api/types';
import { Icon } from '@/components/Icon/Icon';
import { TagList } from '@/components/TagList/TagList';
import { formatNumber, formatRelativeTime } from '@/lib/format';
import { serverHtml } from '@/lib/serverHtml';
import '@/components/Card/card.css';
import './ProjectCard.css';

const LANG_COLORS: Record<string, string> = {
  Python: '#3572A5', TypeScript: '#3178c6', JavaScript: '#f1e05a', 'C++': '#f34b7d', Rust: '#dea584', Go: '#00ADD8',
  Java: '#b07219', Jupyter: '#DA5B0B', 'Jupyter Notebook': '#DA5B0B', C: '#555555', Cuda: '#3A4E3A',
};

export function ProjectCard({ project, summaryHtml, kind }: { project: ProjectInfo; summaryHtml?: string; kind?: boolean }) {
  return (
    <article className="card project-card" data-id={project.id}>
      {kind && <div className="card-kind">项目</div>}
      <h2 className="card-title card-title--mono">
        <Icon name="code" size={16} />
        <a href={project.url} target="_blank" rel="noopener noreferrer" dangerouslySetInnerHTML={serverHtml(project.title_html)} />
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
          {project.language && (
            <span><i className="lang-dot" style={{ background: LANG_COLORS[project.language] ?? '#8b949e' }} aria-hidden="true" />{project.language}</span>
          )}
          <span title="Star"><Icon name="star" size={14} />{formatNumber(project.stars)}</span>
          <span title="Fork"><Icon name="fork" size={14} />{formatNumber(project.forks)}</span>
          {project.created_at && <span>{formatRelativeTime(project.created_at)}</span>}
        </div>
      </div>
    </article>
  );
}
