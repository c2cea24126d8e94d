import { describe, expect, it } from 'vitest';
import openapi from '@/api/openapi.json';
import { NAME_MAX, NAME_MIN, PROFILE_MSG, REGION_MAX, validateProfile } from './profileRules';

describe('profile rules', () => {
  it('are the limits the API document states for POST /v1/users/edit', () => {
    const body = (openapi as { components: { schemas: Record<string, { properties: Record<string, { minLength?: number; maxLength?: number }> }> } })
      .components.schemas.ProfileEditBody.properties;
    expect([NAME_MIN, NAME_MAX, REGION_MAX]).toEqual([body.name.minLength, body.name.maxLength, body.region.maxLength]);
  });

  it("speak the server's words", () => {
    expect(validateProfile({ name: '名'.repeat(31), avatar_url: '', region: '' }).name).toBe('昵称需为 1–30 个字符');
    expect(validateProfile({ name: '名', avatar_url: 'ftp://x', region: '地'.repeat(21) })).toEqual({
      avatar_url: PROFILE_MSG.avatarFormat,
      region: '地区最多 20 个字符',
    });
  });
});
