import { useSearchParams } from 'react-router-dom';
import { ErrorView } from '@/components/ErrorView/ErrorView';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';

/** `/error?code=&msg=`: code (or status code) and message with a '返回首页' link. */
export default function ErrorPage() {
  const [params] = useSearchParams();
  const code = params.get('code') || params.get('statusCode') || '500';
  const msg = params.get('msg') || params.get('message') || '应用发生错误异常';
  useDocumentTitle(String(code));
  return <ErrorView code={code} message={msg} />;
}
