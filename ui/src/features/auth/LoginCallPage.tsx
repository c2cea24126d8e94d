import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ErrorView } from '@/components/ErrorView/ErrorView';
import { PageLoading } from '@/components/PageLoading/PageLoading';
import { safeRedirect } from '@/lib/paths';
import { LOGIN_INFO_KEY, loginInfoQuery } from './authQueries';
import { goLogin, signedInAs } from './useLogin';

/**
 * `/logincall`: the API's sign-in callback lands here. It fetches the login info (GET /v1/users),
 * keeps it as loginInfo, then goes to `redirect_url` — a same-site path only, default '/'.
 */
export default function LoginCallPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [failed, setFailed] = useState(false);
  const target = safeRedirect(params.get('redirect_url'));
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    client
      .fetchQuery({ ...loginInfoQuery(), staleTime: 0 })
      .then((info) => {
        if (!signedInAs(info)) throw new Error('not signed in');
        navigate(target, { replace: true });
      })
      .catch(() => {
        client.removeQueries({ queryKey: LOGIN_INFO_KEY });
        setFailed(true);
      });
  }, [client, navigate, target]);

  if (failed) {
    return (
      <div className="logincall">
        <ErrorView code={401} message="登录失败，请重新登录" />
        <p style={{ textAlign: 'center' }}>
          <button type="button" className="btn btn--primary" onClick={() => goLogin(target)}>重新登录</button>
        </p>
      </div>
    );
  }
  return <PageLoading />;
}
