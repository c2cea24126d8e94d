/**
 * The API's shapes, by their OpenAPI names: aliases of the generated `schema.d.ts` (never edit that
 * file; `npm run api:types` regenerates it from `openapi.json`). The content kinds are FeedItem['type']
 * (an enum in the document); what the UI knows of each is in src/kinds.
 */
import type { components } from './schema';

type Schemas = components['schemas'];

export type Tag = Schemas['Tag'];
export type StoryInfo = Schemas['StoryInfo'];
export type StoryDetail = Schemas['StoryDetail'];
export type EventInfo = Schemas['EventInfo'];
/** The caller's ticket for an event (spec section 3: Ticket). */
export type Ticket = Schemas['Ticket'];
export type OrderState = Schemas['OrderState'];
export type SaveOrderBody = Schemas['SaveOrderBody'];
export type PaperInfo = Schemas['PaperInfo'];
/** Papers and code joined both ways (issue 34): a paper's 代码 and a project's 论文, on their pages only. */
export type CodeLink = Schemas['CodeLink'];
export type LinkedPaper = Schemas['LinkedPaper'];
export type ProjectDetail = Schemas['ProjectDetail'];
export type WishState = Schemas['WishState'];
export type ReportPage = Schemas['ReportPage'];
/** GET /v1/editor/heat-anomalies: a day's items whose heat comes mostly from one network or new accounts. */
export type AnomalyList = Schemas['AnomalyList'];
export type Anomaly = Schemas['Anomaly'];
export type Message = Schemas['Message'];
/** Discussion threads under stories and papers (issue 34): a reply, a thread's page, a reply's children. */
export type Reply = Schemas['Reply'];
export type ThreadPage = Schemas['Thread'];
export type ChildrenPage = Schemas['Children'];
export type ReplyBody = Schemas['ReplyBody'];
export type ReplyReportBody = Schemas['ReplyReportBody'];
export type UserReply = Schemas['UserReply'];
export type MessagePage = Schemas['MessagePage'];
export type Unread = Schemas['Unread'];
export type SourceList = Schemas['SourceList'];
export type ProjectInfo = Schemas['ProjectInfo'];
export type LinkInfo = Schemas['LinkInfo'];
export type FeedItem = Schemas['FeedItem'];
export type FeedPage = Schemas['FeedPage'];
/** A page of GET /v2/search: a feed page plus `did_you_mean` when nothing is found. */
export type SearchResults = Schemas['SearchPage'];
export type RankedPerson = Schemas['RankedPerson'];
export type RankingPage = Schemas['RankingPage'];
/** A paper author or hub user (POST /v2/papers/userinfo). */
export type Person = Schemas['Person'];
/** The site's configured facts (GET /v1/site, also in the HTML shell): footer, name, description. */
export type Site = Schemas['Site'];
export type LoginInfo = Schemas['LoginInfo'];
/** A row of GET /v1/users/list. */
export type UserCard = Schemas['UserCard'];
/** Body of POST /v1/users/edit. */
export type ProfileEditBody = Schemas['ProfileEditBody'];
/** GET /v1/users/bindings: the accounts bound to the caller. */
export type BindingList = Schemas['BindingList'];
export type Suggestion = Schemas['Suggestion'];
export type Hotword = Schemas['Hotword'];
export type Totals = Schemas['Total'];
/** One day of a paper's hotness: [yyyy-MM-dd, number], already padded by the API. */
export type TrendPoint = NonNullable<Schemas['TrendEnvelope']['data']>[number];

export type StoryListBody = Schemas['StoryListBody'];

/** Paging fields every paged list carries next to its `list`. */
export type Paged<T> = Omit<Schemas['FeedPage'], 'list'> & { list: T[] };

export type SortValue = StoryListBody['sort'];
export type TimeValue = NonNullable<StoryListBody['time']>;

/** Editors' page (GET/POST /v1/editor/...). */
export type IndexJob = Schemas['Job'];
export type JobList = Schemas['JobList'];
export type JobKind = Schemas['JobKind'];
export type RejectedDocument = Schemas['Rejected'];
export type TextFile = Schemas['TextFile'];
