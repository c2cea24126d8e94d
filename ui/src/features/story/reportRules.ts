import { BODY_RULES } from '@/api/rules';
import type { components } from '@/api/schema';
import { isHttpUrl } from '@/lib/url';

/** A report's reason, the document's enum 1–7. */
export type ReportType = components['schemas']['ReportUpBody']['type'];

/** The report dialog's rules (spec section 5): the API document's limits and messages (ReportUpBody). */
const RULES = BODY_RULES.ReportUpBody;

export const REPORT_DIALOG_WIDTH = 512;
export const REMARK_MAX = RULES.remark.maxLength;

/** Report reasons 1–7 (spec section 3). */
export const REPORT_REASONS: { value: ReportType; label: string }[] = [
  { value: 1, label: '格式问题' },
  { value: 2, label: '疑似广告' },
  { value: 3, label: '抄袭内容' },
  { value: 4, label: '侵权内容' },
  { value: 5, label: '政治敏感' },
  { value: 6, label: '色情低俗' },
  { value: 7, label: '其他' },
];

/** Reasons 3 (plagiarism) and 4 (infringement) need the link of the original. */
export const LINK_REQUIRED = new Set<ReportType>([3, 4]);

export const MSG = {
  type: RULES.type.messages.required,
  urlRequired: RULES.url.messages.required,
  urlFormat: RULES.url.messages.format,
  remarkMax: RULES.remark.messages.maxLength,
} as const;

export interface ReportForm {
  type: ReportType | null;
  url: string;
  remark: string;
}

export type ReportErrors = Partial<Record<keyof ReportForm, string>>;

/** An http or https URL with a host. */
export function validateReport(form: ReportForm): ReportErrors {
  const errors: ReportErrors = {};
  if (!form.type) errors.type = MSG.type;
  const url = form.url.trim();
  if (form.type && LINK_REQUIRED.has(form.type) && !url) errors.url = MSG.urlRequired;
  else if (url && !isHttpUrl(url)) errors.url = MSG.urlFormat;
  if ([...form.remark].length > REMARK_MAX) errors.remark = MSG.remarkMax;
  return errors;
}
