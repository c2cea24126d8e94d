// The forms' rules are the API document's: every limit and message a form uses is read from
// src/api/openapi.json here and checked against what the form does (issue 35).
import { describe, expect, it } from 'vitest';
import openapi from '@/api/openapi.json';
import { BODY_RULES, QUERY_RULES } from '@/api/rules';
import { NAME_MAX, NAME_MIN, REGION_MAX, validateProfile } from '@/features/person/profileRules';
import { MAX_SEARCH } from '@/features/search/searchRules';
import { REASON_MAX, REASON_REQUIRED } from '@/features/story/DeleteDialog';
import { REMARK_MAX, validateReport } from '@/features/story/reportRules';
import { SUMMARY_MAX, TAGS_MAX, TITLE_MAX, validateStory, type StoryForm } from '@/features/story/storyRules';

interface Property { minLength?: number; maxLength?: number; minItems?: number; maxItems?: number; pattern?: string; 'x-messages'?: Record<string, string> }
interface Document {
  components: { schemas: Record<string, { properties?: Record<string, Property> }> };
  paths: Record<string, { get?: { parameters?: { name: string; in: string; schema?: Property }[] } }>;
}
const doc = openapi as unknown as Document;
const field = (schema: string, name: string): Property => doc.components.schemas[schema].properties![name];
const message = (schema: string, name: string, rule: string): string => field(schema, name)['x-messages']![rule];

const story = (over: Partial<StoryForm> = {}): StoryForm => ({
  title: 't', content: '<p>x</p>', text: 'x', summary: '', cover_url: '', tags: [], story_show_user_name: true, ...over,
});
const chars = (n: number) => '字'.repeat(n);

describe('form rules come from the API document', () => {
  it('rules.ts holds every body limit and message of the document (npm run api:check keeps it generated)', () => {
    for (const [schema, fields] of Object.entries(BODY_RULES)) {
      for (const [name, rules] of Object.entries(fields)) {
        const { 'x-messages': messages, ...limits } = field(schema, name);
        const { messages: ruleMessages, ...ruleLimits } = rules as { messages?: Record<string, string> };
        expect(ruleMessages, `${schema}.${name}`).toEqual(messages);
        for (const [key, value] of Object.entries(ruleLimits)) expect(limits[key as keyof typeof limits], `${schema}.${name}.${key}`).toBe(value);
      }
    }
  });

  it('the story editor: title, summary and tag limits, with the server messages', () => {
    expect([TITLE_MAX, SUMMARY_MAX, TAGS_MAX]).toEqual([field('StoryBody', 'title').maxLength, field('StoryBody', 'summary').maxLength, field('StoryBody', 'tags').maxItems]);
    expect(validateStory(story({ title: ' ' })).title).toBe(message('StoryBody', 'title', 'required'));
    expect(validateStory(story({ title: chars(TITLE_MAX) })).title).toBeUndefined();
    expect(validateStory(story({ title: chars(TITLE_MAX + 1) })).title).toBe(message('StoryBody', 'title', 'maxLength'));
    expect(validateStory(story({ text: '', content: '' })).content).toBe(message('StoryBody', 'content', 'required'));
    expect(validateStory(story({ summary: chars(SUMMARY_MAX + 1) })).summary).toBe(message('StoryBody', 'summary', 'maxLength'));
    expect(validateStory(story({ cover_url: 'ftp://x' })).cover_url).toBe(message('StoryBody', 'cover_url', 'format'));
    expect(validateStory(story({ tags: ['a', 'b', 'c', 'd', 'e', 'f'] })).tags).toBe(message('StoryBody', 'tags', 'maxItems'));
    expect(validateStory(story({ tags: ['no-such-tag'] })).tags).toBe(message('StoryBody', 'tags', 'enum'));
  });

  it('the report dialog: reason, link and remark, with the server messages', () => {
    expect(REMARK_MAX).toBe(field('ReportUpBody', 'remark').maxLength);
    expect(validateReport({ type: null, url: '', remark: '' }).type).toBe(message('ReportUpBody', 'type', 'required'));
    expect(validateReport({ type: 3, url: '', remark: '' }).url).toBe(message('ReportUpBody', 'url', 'required'));
    expect(validateReport({ type: 1, url: 'not a link', remark: '' }).url).toBe(message('ReportUpBody', 'url', 'format'));
    expect(validateReport({ type: 1, url: '', remark: chars(REMARK_MAX + 1) }).remark).toBe(message('ReportUpBody', 'remark', 'maxLength'));
  });

  it("the delete dialog: a moderator's reason", () => {
    expect([REASON_MAX, REASON_REQUIRED]).toEqual([field('DeleteBody', 'reason').maxLength, message('DeleteBody', 'reason', 'required')]);
  });

  it('the profile form: nickname and region', () => {
    expect([NAME_MIN, NAME_MAX, REGION_MAX]).toEqual([field('ProfileEditBody', 'name').minLength, field('ProfileEditBody', 'name').maxLength, field('ProfileEditBody', 'region').maxLength]);
    expect(validateProfile({ name: ' ', avatar_url: '', region: '' }).name).toBe(message('ProfileEditBody', 'name', 'required'));
    expect(validateProfile({ name: chars(NAME_MAX + 1), avatar_url: '', region: '' }).name).toBe(message('ProfileEditBody', 'name', 'maxLength'));
    expect(validateProfile({ name: '名', avatar_url: '', region: chars(REGION_MAX + 1) }).region).toBe(message('ProfileEditBody', 'region', 'maxLength'));
  });

  it('search: the query length GET /v2/search takes', () => {
    const q = doc.paths['/api/v2/search'].get!.parameters!.find((p) => p.name === 'q')!;
    expect(MAX_SEARCH).toBe(q.schema!.maxLength);
    expect(QUERY_RULES['/v2/search'].q.maxLength).toBe(q.schema!.maxLength);
  });
});
