import { useId, useState } from 'react';
import { BODY_RULES } from '@/api/rules';
import { Dialog } from '@/components/Dialog/Dialog';
import { useDebouncedCallback } from '@/hooks/useDebounce';
import '@/components/Form/form.css';

/** Delete clicks are debounced by 200 ms (spec section 9). */
export const DELETE_DEBOUNCE = 200;
/** A moderator's reason: the API document's message and limit (DeleteBody). */
export const REASON_REQUIRED = BODY_RULES.DeleteBody.reason.messages.required;
export const REASON_MAX = BODY_RULES.DeleteBody.reason.maxLength;
export const CONFIRM_TEXT = '确认删除？';

/** The reason's rule of what is deleted: the API document's message when empty and its limit. */
export interface ReasonRule {
  required: string;
  max: number;
}

/**
 * Deleting what a member wrote (a story, a reply): the owner confirms (确认删除？); anyone else (a
 * moderator) must type a reason (the rule's message when empty), which `onDelete` sends to the API.
 * The caller closes the dialog on success.
 */
export function DeleteDialog({ title, own, open, onClose, onDelete, pending, reasonRule = { required: REASON_REQUIRED, max: REASON_MAX } }: {
  title: string; own: boolean; open: boolean; onClose: () => void; onDelete: (reason?: string) => void; pending: boolean; reasonRule?: ReasonRule;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const id = useId();

  const run = useDebouncedCallback(() => {
    if (pending) return;
    if (own) {
      onDelete();
      return;
    }
    const text = reason.trim();
    if (!text) {
      setError(reasonRule.required);
      return;
    }
    onDelete(text);
  }, DELETE_DEBOUNCE);

  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      width={420}
      footer={
        <>
          <button type="button" className="btn btn--plain" onClick={onClose}>取消</button>
          <button type="button" className="btn btn--danger" onClick={run} disabled={pending} data-autofocus>
            {pending ? '正在删除' : '删除'}
          </button>
        </>
      }
    >
      {own ? (
        <p className="delete-dialog__text">{CONFIRM_TEXT}</p>
      ) : (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-reason`}>删除理由<span className="req">*</span></label>
          <textarea
            id={`${id}-reason`}
            className="textarea"
            rows={3}
            maxLength={reasonRule.max}
            placeholder={reasonRule.required}
            value={reason}
            aria-invalid={Boolean(error)}
            onChange={(e) => { setReason(e.target.value); if (e.target.value.trim()) setError(''); }}
          />
          {error && <p className="field__error" role="alert">{error}</p>}
        </div>
      )}
    </Dialog>
  );
}
