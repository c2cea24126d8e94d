import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/Dialog/Dialog';
import { LINK_REQUIRED, REMARK_MAX, REPORT_DIALOG_WIDTH, REPORT_REASONS, validateReport, type ReportErrors, type ReportForm, type ReportType } from './reportRules';
import '@/components/Form/form.css';

/** What a filled report dialog gives: the reason, and the link and remark when given (trimmed). */
export interface ReportInput {
  type: ReportType;
  url?: string;
  remark?: string;
}

/**
 * The report dialog (spec section 5) for anything a member reports (a story, a reply): a reason, a link
 * for 3 and 4, an optional remark (≤ 200, n/200). `onSubmit` sends it; the caller closes on success.
 */
export function ReportDialog({ open, onClose, onSubmit, pending }: {
  open: boolean; onClose: () => void; onSubmit: (report: ReportInput) => void; pending: boolean;
}) {
  const [form, setForm] = useState<ReportForm>({ type: null, url: '', remark: '' });
  const [errors, setErrors] = useState<ReportErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const id = useId();
  const linkRequired = form.type !== null && LINK_REQUIRED.has(form.type);

  const change = (patch: Partial<ReportForm>) => {
    const next = { ...form, ...patch };
    setForm(next);
    if (submitted) setErrors(validateReport(next));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const found = validateReport(form);
    setErrors(found);
    if (Object.keys(found).length > 0 || pending) return;
    const url = form.url.trim();
    const remark = form.remark.trim();
    onSubmit({ type: form.type as ReportType, ...(url ? { url } : {}), ...(remark ? { remark } : {}) });
  };

  const count = [...form.remark].length;
  return (
    <Dialog
      open={open}
      title="举报"
      onClose={onClose}
      width={REPORT_DIALOG_WIDTH}
      className="report-dialog"
      footer={
        <>
          <button type="button" className="btn btn--plain" onClick={onClose}>取消</button>
          <button type="submit" form={`${id}-form`} className="btn btn--primary" disabled={pending}>提交</button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate>
        <div className="field">
          <span className="field__label" id={`${id}-type`}>举报类型<span className="req">*</span></span>
          <div className="choice-grid" role="radiogroup" aria-labelledby={`${id}-type`} aria-invalid={Boolean(errors.type)}>
            {REPORT_REASONS.map((r) => (
              <label key={r.value} className="choice">
                <input type="radio" name={`${id}-reason`} value={r.value} checked={form.type === r.value} onChange={() => change({ type: r.value })} />
                {r.label}
              </label>
            ))}
          </div>
          {errors.type && <p className="field__error" role="alert">{errors.type}</p>}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-url`}>
            举报链接{linkRequired && <span className="req">*</span>}
          </label>
          <input
            id={`${id}-url`}
            className="input"
            type="url"
            inputMode="url"
            placeholder={linkRequired ? '请填写原文链接（http:// 或 https://）' : '选填，http:// 或 https:// 开头'}
            value={form.url}
            aria-invalid={Boolean(errors.url)}
            onChange={(e) => change({ url: e.target.value })}
          />
          {errors.url && <p className="field__error" role="alert">{errors.url}</p>}
        </div>
        <div className="field">
          <div className="field__row">
            <label className="field__label" htmlFor={`${id}-remark`}>补充说明</label>
            <span className={`field__counter${count > REMARK_MAX ? ' field__counter--over' : ''}`} aria-live="polite">{count}/{REMARK_MAX}</span>
          </div>
          <textarea
            id={`${id}-remark`}
            className="textarea"
            rows={4}
            maxLength={REMARK_MAX}
            placeholder="选填"
            value={form.remark}
            aria-invalid={Boolean(errors.remark)}
            onChange={(e) => change({ remark: e.target.value })}
          />
          {errors.remark && <p className="field__error" role="alert">{errors.remark}</p>}
        </div>
      </form>
    </Dialog>
  );
}
