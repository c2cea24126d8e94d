import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isChunkError, shouldReloadForChunk } from '@/lib/lazy';
import { paths } from '@/lib/paths';
import { ApiError, FAILED_MSG } from '@/lib/request';
import './ErrorView.css';

/** Error page: code and message (and a line in Chinese where the message is not) with a '返回首页' link. */
export function ErrorView({ code, message, hint }: { code: number | string; message: string; hint?: string }) {
  return (
    <div className="error-view">
      <div className="error-view__code">{code}</div>
      <h1 className="error-view__msg">{message}</h1>
      {hint && <p className="error-view__hint">{hint}</p>}
      <a className="btn btn--primary" href={paths.home()}>返回首页</a>
    </div>
  );
}

/** The page-level view of a failed query: the API's code and message; 404 reads `notFound`. */
export function QueryError({ error, notFound = '内容不存在' }: { error: unknown; notFound?: string }) {
  const err = error instanceof ApiError ? error : null;
  return <ErrorView code={err?.code ?? 500} message={err?.code === 404 ? notFound : err?.message || FAILED_MSG} />;
}

/** The spec's 404 title, kept as written, with the same said in Chinese under it. */
export function NotFound() {
  return <ErrorView code={404} message="This page could not be found" hint="页面不存在，请检查链接是否正确" />;
}

/** App errors show '应用发生错误异常' with the back-to-home link; a failed chunk load reloads (once a minute). */
export class ErrorBoundary extends Component<{ children: ReactNode; fallback?: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    if (isChunkError(error) && shouldReloadForChunk()) window.location.reload();
    console.error(error, info.componentStack);
  }

  render() {
    if (this.state.error) return this.props.fallback ?? <ErrorView code={500} message="应用发生错误异常" />;
    return this.props.children;
  }
}
