import { useId, useState } from 'react';
import { BODY_RULES } from '@/api/rules';
import { Dialog } from '@/components/Dialog/Dialog';
import { useDebouncedCallback } from '@/hooks/useDebounce';
import { useDeleteStory } from './storyActions';
import '@/components/Form/form.css';

/** Delete clicks are debounced by 200 ms (spec section 9). */
export const DELETE_DEBOUNCE = 200;
/** A moderator's reason: the API document's message and limit (DeleteBody). */
export const REASON_REQUIRED = BODY_RULES.DeleteBody.reason.messages.required;
export const REASON_MAX = BODY_RULES.DeleteBody.reason.maxLength;
export const CONFIRM_TEXT = '确认删除？';

/**
 * Deleting a story: the owner confirms (确认删除？); anyone else (a moderator) must type a reason
 * (请填写删除理由), which is sent to the API.
 */
export function DeleteDialog({ storyId, own, open, onClose, onDeleted }: {
  storyId: number; own: boolean; open: boolean; onClose: () => void; onDeleted?: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const del = useDeleteStory(storyId, onDeleted);
  const id = useId();

  const run = useDebouncedCallback(() => {
    if (del.isPending) return;
    if (own) {
      del.mutate(undefined, { onSuccess: onClose });
      return;
    }
    const text = reason.trim();
    if (!text) {
      setError(REASON_REQUIRED);
      return;
    }
    del.mutate(text, { onSuccess: onClose });
  }, DELETE_DEBOUNCE);

  return (
    <Dialog
      open={open}
      title={own ? '删除文章' : '删除他人文章'}
      onClose={onClose}
      width={420}
      footer={
        <>
          <button type="button" className="btn btn--plain" onClick={onClose}>取消</button>
          <button type="button" className="btn btn--danger" onClick={run} disabled={del.isPending} data-autofocus>
            {del.isPending ? '正在删除' : '删除'}
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
            maxLength={REASON_MAX}
            placeholder={REASON_REQUIRED}
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
