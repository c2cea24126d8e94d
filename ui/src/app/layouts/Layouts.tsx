import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { BackToTop } from '@/components/BackToTop/BackToTop';
import { Footer } from '@/components/Footer/Footer';
import { Icon } from '@/components/Icon/Icon';
import { PageLoading } from '@/components/PageLoading/PageLoading';
import { EventTicketProvider } from '@/features/event';
import { SideNav, TagDrawerContext } from '@/features/feed';
import { useDevice } from '@/hooks/useDevice';
import { useScrollHint } from '@/hooks/useScrollHint';
import { contentTypeOf } from '@/lib/contentType';
import { formatNumber } from '@/lib/format';
import { Guides } from '../guides/Guides';
import { Header } from '../header/Header';
import '@/components/Card/card.css';
import './Layouts.css';

/** The first thing a keyboard reaches: past the header and the side navigation to the page itself. */
function SkipLink() {
  return <a className="skip-link" href="#main">跳到正文</a>;
}

function MaybeHeader() {
  const { inIframe } = useDevice();
  // the header is hidden when the page is inside an iframe
  return inIframe ? null : <><SkipLink /><Header /></>;
}

/** default: header plus content */
export function DefaultLayout() {
  return (
    <div className="layout layout--default">
      <MaybeHeader />
      <main className="layout__main layout__main--default" id="main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}><Outlet /></Suspense>
      </main>
      <Footer />
      <BackToTop />
    </div>
  );
}

/** empty: content only */
export function EmptyLayout() {
  return (
    <main className="layout layout--empty" id="main">
      <Suspense fallback={<PageLoading />}><Outlet /></Suspense>
    </main>
  );
}

/** home: header, left side navigation of topic tags with the copyright footer, content, back-to-top. */
export function HomeLayout({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const { isNarrow, inIframe, isApp } = useDevice();
  const type = contentTypeOf(pathname);
  const hasSideNav = type !== 'ranking'; // hidden on rankings
  const [drawer, setDrawer] = useState(false);
  useEffect(() => {
    setDrawer(false);
  }, [pathname]);
  useEffect(() => {
    document.body.style.overflow = drawer ? 'hidden' : '';
    return () => { document.body.style.overflow = ''; };
  }, [drawer]);
  const asideHint = useScrollHint<HTMLElement>('y');
  // the shown list's total under the current filters, for the drawer's 确定
  const [total, setTotal] = useState<number | undefined>(undefined);
  const drawerContext = useMemo(
    () => ({ open: () => setDrawer(true), narrow: isNarrow, hasSideNav, reportTotal: setTotal }),
    [isNarrow, hasSideNav],
  );
  return (
    <TagDrawerContext.Provider value={drawerContext}>
      <EventTicketProvider>
      <div className={`layout layout--home${isApp ? ' layout--app' : ''}${inIframe ? ' layout--bare' : ''}`}>
        {!inIframe && <><SkipLink /><Header /></>}
        <div className={`layout__body${hasSideNav ? '' : ' layout__body--full'}`}>
          {hasSideNav && !isNarrow && (
            <aside ref={asideHint} className="layout__aside" aria-label="侧边栏">
              <SideNav type={type} />
            </aside>
          )}
          <main className="layout__content" id="main" tabIndex={-1}>
            <Suspense fallback={<PageLoading />}>{children ?? <Outlet />}</Suspense>
          </main>
        </div>
        <Footer />
        <BackToTop />
        <Guides />
        {hasSideNav && isNarrow && drawer && (
          <div className="drawer" role="dialog" aria-modal="true" aria-label="标签筛选">
            <button type="button" className="drawer__mask" aria-label="关闭" onClick={() => setDrawer(false)} />
            <div className="drawer__panel">
              <div className="drawer__head">
                <span>标签筛选</span>
                <button type="button" className="icon-btn" aria-label="关闭" onClick={() => setDrawer(false)}><Icon name="close" size={18} /></button>
              </div>
              <SideNav type={type} />
              <div className="drawer__foot">
                <button type="button" className="btn btn--primary drawer__done" onClick={() => setDrawer(false)}>
                  确定{total !== undefined && `（${formatNumber(total)} 条）`}
                </button>
              </div>
            </div>
          </div>
        )}
      </div>
      </EventTicketProvider>
    </TagDrawerContext.Provider>
  );
}
