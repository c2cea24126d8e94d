import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useDevice } from '@/hooks/useDevice';
import { dismissUpgradeGuide, rememberTour, tourSeen, upgradeGuideDue } from './guideState';
import { Tour } from './Tour';
import { UpgradeGuide } from './UpgradeGuide';

type Showing = 'tour' | 'upgrade' | null;

/**
 * First visit: the guided tour (remembered as soon as it shows, so a phone visitor who leaves it is
 * not met by it again). A later visit: the upgrade guide, unless dismissed within 14 days. Neither
 * shows in the app's web-view or inside an iframe.
 */
export function Guides() {
  const { isApp, inIframe } = useDevice();
  const { pathname } = useLocation();
  const [showing, setShowing] = useState<Showing>(() => {
    if (isApp || inIframe) return null;
    if (!tourSeen()) return 'tour';
    return upgradeGuideDue() ? 'upgrade' : null;
  });
  const [startPath] = useState(pathname);

  useEffect(() => { if (showing === 'tour') rememberTour(); }, [showing]);
  // What the guides decided, on <html data-guide>: tests (and styles) read it instead of waiting and hoping
  useEffect(() => { document.documentElement.dataset.guide = showing ?? 'none'; }, [showing]);
  // leaving the page ends the tour: its steps point at this page's parts
  useEffect(() => { if (pathname !== startPath && showing === 'tour') setShowing(null); }, [pathname, startPath, showing]);

  const closeTour = useCallback(() => setShowing(null), []);
  const closeUpgrade = useCallback(() => {
    dismissUpgradeGuide();
    setShowing(null);
  }, []);

  if (showing === 'tour') return <Tour onClose={closeTour} />;
  if (showing === 'upgrade') return <UpgradeGuide onClose={closeUpgrade} />;
  return null;
}
