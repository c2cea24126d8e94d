/** Signing in: login state, login and logout redirects (the /logincall page is loaded lazily by app/App.tsx). */
export { useAsMember, useLogin, useRequireLogin, goLogin, goLogout } from './useLogin';
export { loginInfoQuery, LOGIN_INFO_KEY } from './authQueries';
