import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { viewerBackground } from '../features/viewer';
import { paths } from '../config/paths';
import { RouteErrorBoundary } from '../components/errors/route-error-screen';
import { AppLayout } from './layout';
import { ScrollRestoration } from './scroll-restoration';
import { lazyPage } from '../lib/lazy-page';

/*
 * Declarative routes (BrowserRouter) rather than the data router: the app loads no data through
 * the router, and the data router's code is half of React Router's weight on the first view.
 * Every screen is its own chunk, loaded on first visit (`lazyPage`); the layout shows the crash
 * screen when one fails to load or render, and an error in the layout itself shows it full screen.
 */
const HomePage = lazyPage(() => import('../pages/home/home-page').then((m) => m.HomePage));
const AuthPage = lazyPage(() => import('../pages/auth/auth-page').then((m) => m.AuthPage));
const ProfilePage = lazyPage(() => import('../pages/profile/profile-page').then((m) => m.ProfilePage));
const GalleryPage = lazyPage(() => import('../pages/gallery/gallery-page').then((m) => m.GalleryPage));
const StoriesPage = lazyPage(() => import('../pages/stories/stories-page').then((m) => m.StoriesPage));
const StoryPage = lazyPage(() => import('../pages/story/story-page').then((m) => m.StoryPage));
const AdminDashboardPage = lazyPage(() =>
  import('../pages/admin-dashboard/admin-dashboard-page').then((m) => m.AdminDashboardPage),
);
const StoryCreationPage = lazyPage(() =>
  import('../pages/story-creation/story-creation-page').then((m) => m.StoryCreationPage),
);
const PrivacyPage = lazyPage(() => import('../pages/privacy/privacy-page').then((m) => m.PrivacyPage));
const TermsPage = lazyPage(() => import('../pages/terms/terms-page').then((m) => m.TermsPage));
const CookiesPage = lazyPage(() => import('../pages/cookies/cookies-page').then((m) => m.CookiesPage));
const ComingSoonPage = lazyPage(() => import('../pages/coming-soon/coming-soon-page').then((m) => m.ComingSoonPage));
const BestPracticesPage = lazyPage(() =>
  import('../pages/best-practices/best-practices-page').then((m) => m.BestPracticesPage),
);
const DevelopersPage = lazyPage(() => import('../pages/developers/developers-page').then((m) => m.DevelopersPage));
const TagPage = lazyPage(() => import('../pages/tag/tag-page').then((m) => m.TagPage));
const MediaPage = lazyPage(() => import('../pages/home/media-page').then((m) => m.MediaPage));
const CreatorPage = lazyPage(() => import('../pages/creator/creator-page').then((m) => m.CreatorPage));
const CollectionPage = lazyPage(() => import('../pages/collection/collection-page').then((m) => m.CollectionPage));

/**
 * While the viewer shows a creation it opened (its address /m/<id> pushed), the screen under it
 * is the one it was opened from, still mounted and scrolled; a visit to /m/<id> itself is the
 * creation's page.
 */
export function AppRoutes() {
  const location = useLocation();
  const screen = viewerBackground(location) ?? location;
  return (
    <RouteErrorBoundary fullScreen>
      {/* Out here: inside <Routes location>, every move reads as a POP (React Router scopes it so). */}
      <ScrollRestoration screen={screen} />
      <Routes location={screen}>
        <Route element={<AppLayout />}>
          <Route path={paths.home.path} element={<HomePage />} />
          <Route path={paths.auth.path} element={<AuthPage />} />
          <Route path={paths.profile.path} element={<ProfilePage />} />
          <Route path={paths.gallery.path} element={<GalleryPage />} />
          <Route path={paths.stories.path} element={<StoriesPage />} />
          <Route path={paths.story.path} element={<StoryPage />} />
          <Route path={paths.adminDashboard.path} element={<AdminDashboardPage />} />
          <Route path={paths.storyCreation.path} element={<StoryCreationPage />} />
          <Route path={paths.privacy.path} element={<PrivacyPage />} />
          <Route path={paths.terms.path} element={<TermsPage />} />
          <Route path={paths.cookies.path} element={<CookiesPage />} />
          <Route path={paths.comingSoon.path} element={<ComingSoonPage />} />
          <Route path={paths.bestPractices.path} element={<BestPracticesPage />} />
          <Route path={paths.developers.path} element={<DevelopersPage />} />
          <Route path={paths.tag.path} element={<TagPage />} />
          <Route path={paths.media.path} element={<MediaPage />} />
          <Route path={paths.creator.path} element={<CreatorPage />} />
          <Route path={paths.collection.path} element={<CollectionPage />} />
          <Route path="*" element={<Navigate to={paths.home.getHref()} replace />} />
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
