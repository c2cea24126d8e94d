import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { DeviceProvider } from '@/hooks/useDevice';
import { lazyPage } from '@/lib/lazy';
import { DefaultLayout, EmptyLayout, HomeLayout } from '@/components/layouts/Layouts';
import { ErrorBoundary, NotFound } from '@/components/ErrorView/ErrorView';
import { Toaster } from '@/components/Toaster/Toaster';
import { useBrowserRouteState } from '@/hooks/useBrowserRouteState';

const HomePage = lazyPage(() => import('@/pages/home/HomePage'));
const BrowsePage = lazyPage(() => import('@/pages/browse/BrowsePage'));
const EventsPage = lazyPage(() => import('@/pages/events/EventsPage'));
const PapersPage = lazyPage(() => import('@/pages/papers/PapersPage'));
const ProjectsPage = lazyPage(() => import('@/pages/projects/ProjectsPage'));
const RankingsPage = lazyPage(() => import('@/pages/rankings/RankingsPage'));
const SearchPage = lazyPage(() => import('@/pages/search/SearchPage'));
const StoryPage = lazyPage(() => import('@/pages/view/StoryPage'));
const PaperPage = lazyPage(() => import('@/pages/paper/PaperPage'));
const TrendsPage = lazyPage(() => import('@/pages/trends/TrendsPage'));
const UserPage = lazyPage(() => import('@/pages/users/UserPage'));
const WxDownloadPage = lazyPage(() => import('@/pages/wxDownload/WxDownloadPage'));
const ErrorPage = lazyPage(() => import('@/pages/error/ErrorPage'));

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30 * 1000 },
    },
  });
}

function RouteState() {
  useBrowserRouteState();
  return null;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<HomeLayout />}>
        <Route index element={<HomePage />} />
        <Route path="browse" element={<BrowsePage />} />
        <Route path="events" element={<EventsPage />} />
        <Route path="papers" element={<PapersPage />} />
        <Route path="projects" element={<ProjectsPage />} />
        <Route path="rankings" element={<RankingsPage />} />
        <Route path="search" element={<SearchPage />} />
      </Route>
      <Route element={<DefaultLayout />}>
        <Route path="view/examine/:id" element={<StoryPage />} />
        <Route path="view/:id" element={<StoryPage />} />
        <Route path="paper/:id" element={<PaperPage />} />
        <Route path="trends/:id" element={<TrendsPage />} />
        <Route path="users/:id" element={<UserPage />} />
        <Route path="error" element={<ErrorPage />} />
        <Route path="*" element={<NotFound />} />
      </Route>
      <Route element={<EmptyLayout />}>
        <Route path="wxDownload" element={<WxDownloadPage />} />
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
            <RouteState />
            <AppRoutes />
            <Toaster />
          </BrowserRouter>
        </DeviceProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
