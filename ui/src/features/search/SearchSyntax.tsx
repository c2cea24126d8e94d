import './SearchSyntax.css';

/** The search operators (issue 36), as the API reads them (analysis/operators.py). */
export const SEARCH_SYNTAX: readonly { example: string; meaning: string }[] = [
  { example: '"大模型 推理"', meaning: '加引号：结果里要有这段原样的文字' },
  { example: '扩散模型 -综述', meaning: '减号：去掉含有这个词的结果' },
  { example: 'author:王磊', meaning: '按作者找，英文名加引号：author:"Lei Wang"' },
  { example: 'tag:RAG', meaning: '按标签找' },
  { example: 'type:论文', meaning: '只看一类：文章、论文、活动、项目' },
  { example: 'arxiv:2401.01234', meaning: '按 arXiv 编号找论文' },
];

/** What the operators do, with an example each; `id` names the block for the button that shows it. */
export function SearchSyntax({ id }: { id?: string }) {
  return (
    <div className="search-syntax" id={id} role="note" aria-label="搜索语法">
      <dl className="search-syntax__list">
        {SEARCH_SYNTAX.map(({ example, meaning }) => (
          <div key={example} className="search-syntax__row">
            <dt><code>{example}</code></dt>
            <dd>{meaning}</dd>
          </div>
        ))}
      </dl>
      <p className="search-syntax__note">可以组合使用，例如 <code>type:论文 tag:RAG -综述</code></p>
    </div>
  );
}
