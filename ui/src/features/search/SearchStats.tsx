import { formatNumber } from '@/lib/format';
import { SearchSyntax } from './SearchSyntax';

/** 用时: seconds with two decimals, never 0.00 for a search that did run. */
export function formatTook(seconds: number): string {
  return Math.max(seconds, 0.01).toFixed(2);
}

/** 找到 N 条结果，用时 0.12 秒: the tab's count (/v2/total) and the engine's time for the first page. */
export function ResultStats({ count, took }: { count?: number; took?: number }) {
  if (count === undefined || took === undefined) return null;
  return (
    <p className="search-stats" role="status">
      找到 {formatNumber(count)} 条结果，用时 {formatTook(took)} 秒
    </p>
  );
}

/** What of the query's operators could not be read (the API's query_help), with the syntax: help, not an error. */
export function QueryHelp({ messages }: { messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <section className="query-help" aria-label="搜索语法提示">
      <ul className="query-help__list">
        {messages.map((m) => <li key={m}>{m}</li>)}
      </ul>
      <SearchSyntax />
    </section>
  );
}
