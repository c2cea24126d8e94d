export { RelatedAside } from './RelatedAside';
export { relatedQuery, type RelatedOf } from './relatedQueries';
