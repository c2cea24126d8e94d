import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ErrorBoundary, NotFound } from '@/components/ErrorView/ErrorView';
import { Toaster } from '@/components/Toaster/Toaster';
import { DeviceProvider } from '@/hooks/useDevice';
import { lazyPage } from '@/lib/lazy';
import { DefaultLayout, EmptyLayout, HomeLayout } from './layouts/Layouts';
import { TrackingSession } from './TrackingSession';
import { WeChatShare } from './WeChatShare';
import { LinkAuthReturn } from '@/features/link';
import { FEED_KINDS, feedOf } from '@/kinds';

// One lazy chunk per page; pages are the only feature internals the app imports directly.
const FeedPage = lazyPage(() => import('@/features/feed/FeedPage'));
const SearchPage = lazyPage(() => import('@/features/search/SearchPage'));
const RankingsPage = lazyPage(() => import('@/features/person/RankingsPage'));
const UserPage = lazyPage(() => import('@/features/person/UserPage'));
const AuthorPage = lazyPage(() => import('@/features/person/AuthorPage'));
const EventPage = lazyPage(() => import('@/features/event/EventPage'));
const StoryPage = lazyPage(() => import('@/features/story/StoryPage'));
const PaperPage = lazyPage(() => import('@/features/paper/PaperPage'));
const TrendsPage = lazyPage(() => import('@/features/paper/TrendsPage'));
const DailyPapersPage = lazyPage(() => import('@/features/paper/DailyPapersPage'));
const ProjectPage = lazyPage(() => import('@/features/project/ProjectPage'));
const WxDownloadPage = lazyPage(() => import('@/features/event/WxDownloadPage'));
const StoryEditPage = lazyPage(() => import('@/features/story/StoryEditPage'));
const UsersPage = lazyPage(() => import('@/features/person/UsersPage'));
const UserEditPage = lazyPage(() => import('@/features/person/UserEditPage'));
const AccountBindingPage = lazyPage(() => import('@/features/person/AccountBindingPage'));
const EditorPage = lazyPage(() => import('@/features/editor/EditorPage'));
const MessagesPage = lazyPage(() => import('@/features/messages/MessagesPage'));
const LinkPage = lazyPage(() => import('@/features/link/LinkPage'));
const ShareToLinkPage = lazyPage(() => import('@/features/link/ShareToLinkPage'));
const LoginCallPage = lazyPage(() => import('@/features/auth/LoginCallPage'));
const ErrorPage = lazyPage(() => import('./ErrorPage'));

/** Query defaults, set once: a failed call is shown (with its retry button), not retried behind the visitor's back. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30 * 1000 },
    },
  });
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<HomeLayout />}>
        {FEED_KINDS.map((kind) => {
          // Each kind's feed page where the registry puts it (src/kinds): '/' is the index route.
          const page = feedOf(kind).page;
          const element = <FeedPage key={kind} type={kind} />;
          return page === '/' ? <Route key={kind} index element={element} /> : <Route key={kind} path={page.slice(1)} element={element} />;
        })}
        <Route path="browse" element={<SearchPage key="browse" browse />} />
        <Route path="rankings" element={<RankingsPage />} />
        <Route path="search" element={<SearchPage key="search" />} />
      </Route>
      <Route element={<DefaultLayout />}>
        <Route path="view/examine/:id" element={<StoryPage />} />
        <Route path="view/:id" element={<StoryPage />} />
        <Route path="papers/daily" element={<DailyPapersPage />} />
        <Route path="paper/:id" element={<PaperPage />} />
        <Route path="trends/:id" element={<TrendsPage />} />
        <Route path="projects/:id" element={<ProjectPage />} />
        <Route path="users" element={<UsersPage />} />
        <Route path="users/edit" element={<UserEditPage />} />
        <Route path="users/:id" element={<UserPage />} />
        <Route path="authors/:name" element={<AuthorPage />} />
        <Route path="activities/:id" element={<EventPage />} />
        <Route path="create" element={<StoryEditPage key="create" />} />
        <Route path="update/:id" element={<StoryEditPage key="update" />} />
        <Route path="settings/account_binding" element={<AccountBindingPage />} />
        <Route path="editor" element={<EditorPage />} />
        <Route path="messages" element={<MessagesPage />} />
        <Route path="link" element={<LinkPage />} />
        <Route path="shareToLink" element={<ShareToLinkPage />} />
        <Route path="error" element={<ErrorPage />} />
        <Route path="*" element={<NotFound />} />
      </Route>
      <Route element={<EmptyLayout />}>
        <Route path="wxDownload" element={<WxDownloadPage />} />
        <Route path="logincall" element={<LoginCallPage />} />
      </Route>
    </Routes>
  );
}

export default function App({ client = createQueryClient() }: { client?: QueryClient }) {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={client}>
        <DeviceProvider>
          <BrowserRouter>
            <AppRoutes />
            <TrackingSession />
            <WeChatShare />
            <LinkAuthReturn />
            <Toaster />
          </BrowserRouter>
        </DeviceProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
