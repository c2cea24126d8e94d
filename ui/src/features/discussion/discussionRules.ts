/** A reply's rules (issue 34: plain text, 1–1,000 characters): the API document's limits and messages. */
import { BODY_RULES } from '@/api/rules';

const TEXT = BODY_RULES.ReplyBody.text;
const REASON = BODY_RULES.ReplyDeleteBody.reason;

export const TEXT_MAX = TEXT.maxLength;

export const MSG = {
  empty: TEXT.messages.required,
  tooLong: TEXT.messages.maxLength,
} as const;

/** An editor's reason for deleting another's reply (it reaches the author): 请填写删除原因 when empty. */
export const DELETE_REASON_RULE = { required: REASON.messages.required, max: REASON.maxLength } as const;

/** Characters as a reader counts them (an emoji is one), the way the server counts. */
export const textLength = (text: string): number => [...text].length;

/** The composer's message for `text` ('' when it may be sent). */
export function validateReply(text: string): string {
  if (!text.trim()) return MSG.empty;
  if (textLength(text.trim()) > TEXT_MAX) return MSG.tooLong;
  return '';
}
