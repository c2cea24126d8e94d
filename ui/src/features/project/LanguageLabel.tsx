import './LanguageLabel.css';

const LANG_COLORS: Record<string, string> = {
  Python: '#3572A5', TypeScript: '#3178c6', JavaScript: '#f1e05a', 'C++': '#f34b7d', Rust: '#dea584', Go: '#00ADD8',
  Java: '#b07219', Jupyter: '#DA5B0B', 'Jupyter Notebook': '#DA5B0B', C: '#555555', Cuda: '#3A4E3A',
};

/** A repository's main language with GitHub's colour dot (grey for the languages it has no colour for here). */
export function LanguageLabel({ language }: { language: string }) {
  return (
    <span className="lang-label">
      <i className="lang-dot" style={{ background: LANG_COLORS[language] ?? '#8b949e' }} aria-hidden="true" />
      {language}
    </span>
  );
}
