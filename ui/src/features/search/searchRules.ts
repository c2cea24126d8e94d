import { QUERY_RULES } from '@/api/rules';

/** The longest query GET /v2/search takes (the document's maxLength of `q`): the box and the page cut there. */
export const MAX_SEARCH = QUERY_RULES['/v2/search'].q.maxLength;
