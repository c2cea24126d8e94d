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
  eventHost: (env.VITE_EVENT_HOST as string | undefined) ?? 'https://events.aihub.example',
  linkHost: (env.VITE_LINK_HOST as string | undefined) ?? 'https://link.aihub.example',
  bannerUrl: (env.VITE_BANNER_URL as string | undefined) ?? 'https://events.aihub.example/activities',
  fromCode: (env.VITE_FROM_CODE as string | undefined) ?? 'aihub_web',
  phone: (env.VITE_CONTACT_PHONE as string | undefined) ?? '400-000-0000',
  email: (env.VITE_CONTACT_EMAIL as string | undefined) ?? 'hello@aihub.example',
  icp: (env.VITE_ICP as string | undefined) ?? '京ICP备00000000号-1',
  product: (env.VITE_PRODUCT_NAME as string | undefined) ?? 'AI 社区',
  timeout: 60000,
};
