import { useQuery } from '@tanstack/react-query';
import { QueryError } from '@/components/ErrorView/ErrorView';
import { PageLoading } from '@/components/PageLoading/PageLoading';
import { useRequireLogin } from '@/features/auth';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { formatDateTime } from '@/lib/format';
import { bindingsQuery } from './personQueries';
import './UsersPage.css';

/** The provider's names as people know them. */
const PROVIDER_LABEL: Record<string, string> = {
  keycloak: '统一登录', github: 'GitHub', google: 'Google', wechat: '微信', email: '邮箱', phone: '手机',
};

/** `/settings/account_binding`: the accounts bound to the caller through the sign-in provider. */
export default function AccountBindingPage() {
  useDocumentTitle('账号绑定');
  const { isLogin } = useRequireLogin();
  const q = useQuery({ ...bindingsQuery(), enabled: isLogin === true });
  let body;
  if (!isLogin || q.isLoading) body = <PageLoading />;
  else if (q.isError) body = <QueryError error={q.error} />;
  else if (!q.data?.length) body = <p className="list-state">暂无数据</p>;
  else {
    body = (
      <ul className="binding-list">
        {q.data.map((b) => (
          <li key={`${b.provider}-${b.email ?? ''}`} className="binding-row">
            <span className="binding-row__provider">{PROVIDER_LABEL[b.provider.toLowerCase()] ?? b.provider}</span>
            <span className="binding-row__email">{b.email || '—'}</span>
            {b.bound_at && <time className="binding-row__time" dateTime={b.bound_at}>绑定于 {formatDateTime(b.bound_at)}</time>}
            <span className="card-tag card-tag--on">已绑定</span>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="profile-page">
      <h1 className="profile-page__title">账号绑定</h1>
      <div className="profile-card">
        {body}
        <p className="binding-note">账号通过统一登录绑定；如需绑定或解绑，请在登录页操作。</p>
      </div>
    </div>
  );
}
