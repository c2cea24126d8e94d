/** People: the signed-in caller (pages are loaded lazily by app/App.tsx). */
export { useLogin } from './useLogin';
