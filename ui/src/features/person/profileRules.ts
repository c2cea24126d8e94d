/** Profile edit rules, the server's (api/schemas/users.py; a test holds the limits to the OpenAPI document):
 * name 1–30 characters, avatar an http(s) link or a picture of this site, region ≤ 20. */
import { isPictureUrl } from '@/lib/url';

export const NAME_MIN = 1;
export const NAME_MAX = 30;
export const REGION_MAX = 20;

export const PROFILE_MSG = {
  nameRequired: '请填写昵称',
  nameLength: `昵称需为 ${NAME_MIN}–${NAME_MAX} 个字符`,
  avatarFormat: '头像地址需为允许的图片地址（http 或 https）',
  regionMax: `地区最多 ${REGION_MAX} 个字符`,
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
