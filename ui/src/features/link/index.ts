/** The link feed: what other features may use (pages are loaded lazily by app/App.tsx). */
export { LinkStatusCard } from './LinkStatusCard';
export { LINK_TOKEN_KEY } from './linkToken';
export { LinkAuthReturn, LINK_AUTH_PARAM } from './LinkAuthReturn';
