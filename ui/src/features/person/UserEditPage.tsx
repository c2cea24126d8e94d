import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { LoginInfo } from '@/api/types';
import { Avatar } from '@/components/Img/Img';
import { PageLoading } from '@/components/PageLoading/PageLoading';
import { LOGIN_INFO_KEY, useRequireLogin } from '@/features/auth';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { paths } from '@/lib/paths';
import { api } from '@/lib/requestApi';
import { toast } from '@/lib/toast';
import type { ProfileBody } from './personQueries';
import { NAME_MAX, REGIONS, REGION_MAX, validateProfile, type ProfileErrors, type ProfileForm } from './profileRules';
import '@/components/Form/form.css';
import './UsersPage.css';

export const PROFILE_OK = '保存成功';

/** `/users/edit`: the caller's name, avatar and region. */
export default function UserEditPage() {
  useDocumentTitle('编辑资料');
  const { isLogin, loginInfo } = useRequireLogin();
  if (!isLogin || !loginInfo) return <PageLoading />;
  return <ProfileEditor key={loginInfo.id} info={loginInfo} />;
}

function ProfileEditor({ info }: { info: LoginInfo }) {
  const uid = useId();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [form, setForm] = useState<ProfileForm>({ name: info.name ?? '', avatar_url: info.avatar_url ?? '', region: info.region ?? '' });
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const save = useMutation({
    mutationFn: (body: ProfileBody) => api.write('post', '/v1/users/edit', { body }),
    onSuccess: ({ data, msg }) => {
      if (data && typeof data === 'object' && 'id' in data) client.setQueryData(LOGIN_INFO_KEY, data);
      else client.invalidateQueries({ queryKey: LOGIN_INFO_KEY });
      toast(msg || PROFILE_OK, 'success');
      navigate(paths.user(info.id));
    },
  });
  const change = (patch: Partial<ProfileForm>) => {
    const next = { ...form, ...patch };
    setForm(next);
    if (submitted) setErrors(validateProfile(next));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const found = validateProfile(form);
    setErrors(found);
    if (Object.keys(found).length || save.isPending) return;
    save.mutate({ name: form.name.trim(), avatar_url: form.avatar_url.trim(), region: form.region.trim() });
  };
  const regions = form.region && !REGIONS.includes(form.region) ? [form.region, ...REGIONS] : REGIONS;
  return (
    <div className="profile-page">
      <h1 className="profile-page__title">编辑资料</h1>
      <form className="profile-card" onSubmit={submit} noValidate>
        <div className="profile-card__avatar">
          <Avatar src={errors.avatar_url ? null : form.avatar_url || null} name={form.name} size={64} expert={info.is_expert} />
          <div className="field__hint">{info.email || info.phone || ''}</div>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${uid}-name`}>昵称<span className="req">*</span></label>
          <input id={`${uid}-name`} className="input" value={form.name} maxLength={NAME_MAX} aria-invalid={Boolean(errors.name)}
            onChange={(e) => change({ name: e.target.value })} />
          {errors.name && <p className="field__error" role="alert">{errors.name}</p>}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${uid}-avatar`}>头像链接</label>
          <input id={`${uid}-avatar`} className="input" type="url" inputMode="url" placeholder="http:// 或 https:// 开头的图片链接"
            value={form.avatar_url} aria-invalid={Boolean(errors.avatar_url)} onChange={(e) => change({ avatar_url: e.target.value })} />
          {errors.avatar_url && <p className="field__error" role="alert">{errors.avatar_url}</p>}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${uid}-region`}>地区</label>
          <select id={`${uid}-region`} className="select" value={form.region} aria-invalid={Boolean(errors.region)}
            onChange={(e) => change({ region: e.target.value })}>
            <option value="">请选择地区</option>
            {regions.map((r) => <option key={r} value={r}>{r.length > REGION_MAX ? `${r.slice(0, REGION_MAX)}…` : r}</option>)}
          </select>
          {errors.region && <p className="field__error" role="alert">{errors.region}</p>}
        </div>
        <div className="profile-card__actions">
          <button type="button" className="btn btn--plain" onClick={() => navigate(-1)}>取消</button>
          <button type="submit" className="btn btn--primary" disabled={save.isPending}>{save.isPending ? '正在保存' : '保存'}</button>
        </div>
      </form>
    </div>
  );
}
