/** Profile edit rules, the API document's (ProfileEditBody: name 1–30 characters, region ≤ 20, and the
 * server's messages); avatar an http(s) link or a picture of this site (checked by the service). */
import { BODY_RULES } from '@/api/rules';
import { isPictureUrl } from '@/lib/url';

const RULES = BODY_RULES.ProfileEditBody;

export const NAME_MIN = RULES.name.minLength;
export const NAME_MAX = RULES.name.maxLength;
export const REGION_MAX = RULES.region.maxLength;

export const PROFILE_MSG = {
  nameRequired: RULES.name.messages.required,
  nameLength: RULES.name.messages.maxLength,
  // the host check is the service's (api/services/users.py); its message is documented on the field
  avatarFormat: RULES.avatar_url.messages.format,
  regionMax: RULES.region.messages.maxLength,
} as const;

export interface ProfileForm { name: string; avatar_url: string; region: string }
export type ProfileErrors = Partial<Record<keyof ProfileForm, string>>;

export function validateProfile(f: ProfileForm): ProfileErrors {
  const e: ProfileErrors = {};
  const name = f.name.trim();
  const n = [...name].length;
  if (!name) e.name = PROFILE_MSG.nameRequired;
  else if (n < NAME_MIN || n > NAME_MAX) e.name = PROFILE_MSG.nameLength;
  if (f.avatar_url.trim() && !isPictureUrl(f.avatar_url.trim())) e.avatar_url = PROFILE_MSG.avatarFormat;
  if ([...f.region.trim()].length > REGION_MAX) e.region = PROFILE_MSG.regionMax;
  return e;
}

/** Regions offered in the profile form (free text is kept when it is something else). */
export const REGIONS = [
  '北京', '天津', '上海', '重庆', '河北', '山西', '辽宁', '吉林', '黑龙江', '江苏', '浙江', '安徽', '福建', '江西', '山东',
  '河南', '湖北', '湖南', '广东', '海南', '四川', '贵州', '云南', '陕西', '甘肃', '青海', '台湾', '内蒙古', '广西', '西藏',
  '宁夏', '新疆', '香港', '澳门', '海外',
];
