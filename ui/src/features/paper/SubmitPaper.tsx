import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { BODY_RULES } from '@/api/rules';
import { useAsMember } from '@/features/auth';
import { paths } from '@/lib/paths';
import { api } from '@/lib/requestApi';
import { toast } from '@/lib/toast';
import './SubmitPaper.css';

/** The server's rule and message for the field (PaperSubmitBody in the API document). */
const RULE = BODY_RULES.PaperSubmitBody.arxiv;

/** 提交论文: a member adds a paper by its arXiv number or address; the hub reads it from arXiv (or has it
 * already) and the paper's page opens. A visitor is sent to sign in first. */
export function SubmitPaper() {
  const asMember = useAsMember();
  const navigate = useNavigate();
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const submit = useMutation({
    mutationFn: (arxiv: string) => api.write('post', '/v3/paper/submit', { body: { arxiv } }),
    onSuccess: ({ data, msg }) => {
      toast(msg || '提交成功', 'success');
      navigate(paths.paper(data.id));
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void asMember(() => {
      const arxiv = value.trim();
      if ([...arxiv].length < RULE.minLength || [...arxiv].length > RULE.maxLength) {
        setError(RULE.messages.required);
        return;
      }
      setError('');
      if (!submit.isPending) submit.mutate(arxiv);
    });
  };
  return (
    <form className="submit-paper" onSubmit={onSubmit} noValidate>
      <label htmlFor={`${id}-arxiv`} className="submit-paper__label">提交论文</label>
      <input
        id={`${id}-arxiv`} className="submit-paper__input" value={value} maxLength={RULE.maxLength}
        placeholder="arXiv 编号或链接，如 2401.01234" aria-invalid={Boolean(error)} aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => { setValue(e.target.value); setError(''); }}
      />
      <button type="submit" className="btn btn--primary btn--sm" disabled={submit.isPending}>{submit.isPending ? '提交中…' : '提交'}</button>
      {error && <p className="submit-paper__error" id={`${id}-error`} role="alert">{error}</p>}
    </form>
  );
}
