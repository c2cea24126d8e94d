/** Build-time configuration (VITE_* env) with the spec's demo defaults. */
const env = import.meta.env;

export const config = {
  apiBase: (env.VITE_API_BASE as string | undefined) ?? '/api',
  /** The API host that serves /auth/login and /auth/logout ('' = same origin). */
  authHost: (env.VITE_AUTH_HOST as string | undefined) ?? '',
  assetHosts: ((env.VITE_ASSET_HOSTS as string | undefined) ?? 'assets.aihub.example')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean),
  /** A separate events site for /activities/{id}; empty (the default): this site serves the event pages. */
  eventHost: ((env.VITE_EVENT_HOST as string | undefined) ?? '').replace(/\/$/, ''),
  /** An external site for the 社区动态 nav entry; '' (the default) = the in-app link feed at /link. */
  linkHost: (env.VITE_LINK_HOST as string | undefined) ?? '',
  bannerUrl: (env.VITE_BANNER_URL as string | undefined) ?? '/events',
  fromCode: (env.VITE_FROM_CODE as string | undefined) ?? 'aihub_web',
  /** The logo's name; titles and the footer use the server's site name (GET /v1/site). */
  product: (env.VITE_PRODUCT_NAME as string | undefined) ?? 'AI 社区',
  /** Where the UI's tracking beacons go (spec section 7); '' turns them off. */
  trackUrl: (env.VITE_TRACK_URL as string | undefined) ?? '/api/v1/track',
  timeout: 60000,
};
