/** Discussion threads under stories and papers (issue 34, item 1): what the item pages use. */
export { DiscussionSection } from './DiscussionSection';
