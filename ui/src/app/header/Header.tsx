import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { Icon } from '@/components/Icon/Icon';
import { Avatar } from '@/components/Img/Img';
import { Popover } from '@/components/Popover/Popover';
import { goLogout, useLogin } from '@/features/auth';
import { isEditor } from '@/features/editor';
import { unreadQuery } from '@/features/messages';
import { SearchBox, useHotwords } from '@/features/search';
import { useDevice } from '@/hooks/useDevice';
import { useThrottledScroll } from '@/hooks/useThrottledScroll';
import { config } from '@/lib/config';
import { paths } from '@/lib/paths';
import { DESKTOP_NAV_COUNT, NAV_ITEMS, activeNav, appNavVisible, logoTarget, type NavItem } from './nav';
import './Header.css';

export type AppHeaderState = 'removed' | 'hidden' | 'shown';

/** App header: removed (in flow) under one header height; hidden when scrolling down past twice the height; shown when scrolling up. */
export function nextAppHeaderState(prev: AppHeaderState, y: number, lastY: number, height: number): AppHeaderState {
  if (y < height) return 'removed';
  if (y > lastY && y > height * 2) return 'hidden';
  if (y < lastY) return 'shown';
  return prev;
}

function NavEntry({ item, active, onNavigate }: { item: NavItem; active: boolean; onNavigate?: () => void }) {
  if (item.external) {
    return (
      <a className="nav-link" href={item.to} target="_blank" rel="noopener noreferrer" onClick={onNavigate}>
        {item.label}
        <Icon name="external" size={12} />
      </a>
    );
  }
  return <SectionLink to={item.to} className={`nav-link${active ? ' nav-link--active' : ''}`} active={active} onClick={onNavigate}>{item.label}</SectionLink>;
}

/** A nav entry marked for assistive technology as it is for the eye: the current page (`page`) on the
 * entry's own path, the current section (`true`) on a page under it (a user page under 榜单). */
function SectionLink({ to, active, children, ...rest }: { to: string; active: boolean; className: string; onClick?: () => void; children: ReactNode }) {
  const { pathname } = useLocation();
  const current = active ? (pathname === to ? 'page' : 'true') : undefined;
  return <Link to={to} aria-current={current} {...rest}>{children}</Link>;
}

function Logo({ to, interactive }: { to: string; interactive: boolean }) {
  const logo = (
    <Link to={to} className="logo" aria-label={`${config.product} 首页`}>
      <span className="logo__mark" aria-hidden="true">
        <svg viewBox="0 0 32 32" width="28" height="28"><rect width="32" height="32" rx="8" fill="currentColor" /><path d="M9 23 L15 9 h2 L23 23 M11.5 18 h9" stroke="#fff" strokeWidth="2.6" fill="none" strokeLinecap="round" strokeLinejoin="round" /></svg>
      </span>
      <span className="logo__text">{config.product}</span>
    </Link>
  );
  if (!interactive) return logo;
  // Desktop: hovering the logo shows an embedded front page.
  return (
    <Popover trigger="hover" openDelay={600} renderTrigger={() => logo} className="logo-popover">
      <iframe className="logo-preview" src={paths.home()} title="首页预览" loading="lazy" tabIndex={-1} />
    </Popover>
  );
}

export function Header() {
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const device = useDevice();
  const { isLogin, loginInfo } = useLogin();
  const unreadCount = useQuery(unreadQuery(Boolean(isLogin))).data?.unread_count ?? 0;
  const { words, placeholder } = useHotwords();
  const [overlay, setOverlay] = useState(false);
  const [appState, setAppState] = useState<AppHeaderState>('removed');
  const lastY = useRef(0);
  const ref = useRef<HTMLElement>(null);
  const active = activeNav(pathname);
  const previous = pathname === '/search' ? params.get('q') ?? '' : '';

  useThrottledScroll(() => {
    if (!device.isApp) return;
    const height = ref.current?.offsetHeight || 56;
    const y = window.scrollY;
    const last = lastY.current; // read now: React may run the updater after the next line moved the ref
    setAppState((prev) => nextAppHeaderState(prev, y, last, height));
    lastY.current = y;
  });

  // Sticky bars below (the app's top filter bar) sit under the header while it is shown over the page.
  useEffect(() => {
    const offset = device.isApp && appState === 'shown' ? `${ref.current?.offsetHeight ?? 0}px` : '0px';
    document.documentElement.style.setProperty('--app-header-offset', offset);
  }, [device.isApp, appState]);

  useEffect(() => {
    document.body.style.overflow = overlay ? 'hidden' : '';
    return () => { document.body.style.overflow = ''; };
  }, [overlay]);

  const showSearch = !device.isApp;
  const showNavRow = device.isApp ? appNavVisible(pathname) : device.isPhone;
  const desktopNav = !device.isPhone && !device.isApp;
  const visible = NAV_ITEMS.slice(0, DESKTOP_NAV_COUNT);
  const more = NAV_ITEMS.slice(DESKTOP_NAV_COUNT);
  const moreActive = more.some((i) => i.key === active);

  return (
    <>
      <header
        ref={ref}
        className={`site-header${device.isApp ? ` site-header--app site-header--${appState}` : ''}`}
        data-app-header={device.isApp ? appState : undefined}
      >
        <div className="site-header__bar">
          <Logo to={logoTarget(pathname)} interactive={device.isPc && !device.isNarrow && !device.isApp} />
          {desktopNav && (
            <nav className="site-nav" aria-label="主导航">
              {visible.map((item) => <NavEntry key={item.key} item={item} active={item.key === active} />)}
              <Popover
                trigger="hover"
                placement="bottom"
                className="nav-more"
                renderTrigger={(p) => (
                  <button type="button" className={`nav-link nav-link--more${moreActive ? ' nav-link--active' : ''}`} aria-haspopup="true" aria-expanded={p['aria-expanded']}>
                    更多 <Icon name="chevronDown" size={12} />
                  </button>
                )}
              >
                {(close) => (
                  <div className="nav-more__menu">
                    {more.map((item) => <NavEntry key={item.key} item={item} active={item.key === active} onNavigate={close} />)}
                  </div>
                )}
              </Popover>
            </nav>
          )}
          {!device.isApp && !device.isPhone && (
            config.bannerUrl.startsWith('/') ? (
              <Link className="banner-link" to={config.bannerUrl}>
                <span className="banner-link__dot" aria-hidden="true" />
                AI 开发者大会 · 报名中
              </Link>
            ) : (
              <a className="banner-link" href={config.bannerUrl} target="_blank" rel="noopener noreferrer">
                <span className="banner-link__dot" aria-hidden="true" />
                AI 开发者大会 · 报名中
              </a>
            )
          )}
          <div className="site-header__spacer" />
          {showSearch && !device.isPhone && (
            <div className="site-header__search">
              <SearchBox previous={previous} hotwords={words} placeholder={placeholder} />
            </div>
          )}
          {showSearch && device.isPhone && (
            <button type="button" className="icon-btn" aria-label="搜索" onClick={() => setOverlay(true)}>
              <Icon name="search" size={20} />
            </button>
          )}
          <div className={`site-header__user${isLogin === undefined ? ' site-header__user--pending' : ''}`}>
            {isLogin && loginInfo ? (
              <>
                {!device.isApp && (
                  <Link to={paths.create()} className={`write-btn${device.isPhone ? ' write-btn--icon' : ''}`} aria-label="写文章">
                    <Icon name="edit" size={16} />{!device.isPhone && '写文章'}
                  </Link>
                )}
                <Popover
                  trigger={device.isPc && !device.isPhone ? 'hover' : 'click'}
                  placement="bottom-end"
                  className="user-popover"
                  renderTrigger={(p) => (
                    <button type="button" className="user-chip" aria-label={`${loginInfo.name ?? ''} 的菜单`} aria-haspopup="menu" {...p}>
                      <Avatar src={loginInfo.avatar_url} name={loginInfo.name} size={30} expert={loginInfo.is_expert} />
                      {unreadCount > 0 && <span className="user-chip__dot" aria-label={`${unreadCount} 条未读消息`} />}
                    </button>
                  )}
                >
                  {(close) => (
                    <div className="user-menu" role="menu">
                      <div className="user-menu__who">
                        <Avatar src={loginInfo.avatar_url} name={loginInfo.name} size={36} expert={loginInfo.is_expert} />
                        <span className="user-menu__name">{loginInfo.name}</span>
                      </div>
                      <Link role="menuitem" className="user-menu__item" to={paths.user(loginInfo.id)} onClick={close}><Icon name="user" size={15} />我的主页</Link>
                      <Link role="menuitem" className="user-menu__item" to={paths.usersEdit()} onClick={close}><Icon name="edit" size={15} />编辑资料</Link>
                      <Link role="menuitem" className="user-menu__item" to={paths.messages()} onClick={close}>
                        <Icon name="bell" size={15} />消息{unreadCount > 0 && <span className="user-menu__badge">{unreadCount > 99 ? '99+' : unreadCount}</span>}
                      </Link>
                      <Link role="menuitem" className="user-menu__item" to={paths.accountBinding()} onClick={close}><Icon name="link" size={15} />账号绑定</Link>
                      {isEditor(loginInfo) && (
                        <Link role="menuitem" className="user-menu__item" to={paths.editor()} onClick={close}><Icon name="cpu" size={15} />编辑工作台</Link>
                      )}
                      <button role="menuitem" type="button" className="user-menu__item" onClick={() => { close(); goLogout(`${pathname}${search}`); }}><Icon name="logout" size={15} />退出登录</button>
                    </div>
                  )}
                </Popover>
              </>
            ) : (
              <a className="login-btn" href={paths.login()}>登录/注册</a>
            )}
          </div>
        </div>
        {showNavRow && (
          <nav className="site-nav-row" aria-label="主导航">
            {NAV_ITEMS.map((item) => <NavEntry key={item.key} item={item} active={item.key === active} />)}
          </nav>
        )}
      </header>
      {overlay && (
        <div className="search-overlay" role="dialog" aria-modal="true" aria-label="搜索">
          <div className="search-overlay__bar">
            <SearchBox previous={previous} hotwords={words} placeholder={placeholder} autoFocus variant="overlay" id="overlay-search" />
            <button type="button" className="search-overlay__cancel" onClick={() => setOverlay(false)}>取消</button>
          </div>
        </div>
      )}
    </>
  );
}
