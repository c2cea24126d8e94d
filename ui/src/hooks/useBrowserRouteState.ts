import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** browserRouteState: path -> true when the page was reached by the browser's back/forward (POP). */
export const browserRouteState: Record<string, boolean> = {};

export function useBrowserRouteState() {
  const location = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    browserRouteState[location.pathname] = type === 'POP';
  }, [location.pathname, type]);
}
