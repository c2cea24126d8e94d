import { Link } from 'react-router-dom';
import type { CodeLink } from '@/api/types';
import { Icon } from '@/components/Icon/Icon';
import { LanguageLabel } from '@/features/project';
import { formatNumber } from '@/lib/format';
import { paths } from '@/lib/paths';
import './PaperCode.css';

/** 代码 on a paper's page: the repositories its abstract or arXiv comment links and those whose README or
 * description cites it, most stars first; each opens its page on the hub, with GitHub one link away. */
export function PaperCode({ code }: { code?: CodeLink[] }) {
  if (!code || code.length === 0) return null;
  return (
    <section className="paper-section paper-code" aria-labelledby="paper-code-title">
      <h2 id="paper-code-title">代码</h2>
      <ul className="paper-code__list">
        {code.map((repo) => (
          <li key={repo.id} className="paper-code__row">
            <div className="paper-code__name">
              <Icon name="code" size={15} />
              <Link to={paths.project(repo.id)}>{repo.repo}</Link>
              <a className="paper-code__github" href={repo.url} target="_blank" rel="noopener noreferrer" aria-label={`${repo.repo} 在 GitHub`}>
                <Icon name="external" size={13} />GitHub
              </a>
            </div>
            {repo.description && <p className="paper-code__desc">{repo.description}</p>}
            <div className="paper-code__meta">
              <span className="paper-code__stars" title="Star"><Icon name="star" size={13} />{formatNumber(repo.stars)}</span>
              {repo.language && <LanguageLabel language={repo.language} />}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
