import { createBrowserRouter, Navigate } from 'react-router-dom';
import { paths } from '../config/paths';
import { RouteErrorScreen } from '../components/errors/route-error-screen';
import { RouteLoadingScreen } from '../components/page/route-loading-screen';
import { AppFrame } from '../components/layout/app-frame';
import { AppLayout } from './layout';

/**
 * Every screen is its own chunk, loaded on first visit. Errors thrown while loading or
 * rendering a page show the crash screen inside the layout; an error in the layout itself
 * shows it full screen.
 */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    errorElement: <RouteErrorScreen fullScreen />,
    hydrateFallbackElement: (
      <AppFrame>
        <RouteLoadingScreen />
      </AppFrame>
    ),
    children: [
      {
        errorElement: <RouteErrorScreen />,
        children: [
          {
            path: paths.home.path,
            lazy: () => import('../pages/home/home-page').then((m) => ({ Component: m.HomePage })),
          },
          {
            path: paths.auth.path,
            lazy: () => import('../pages/auth/auth-page').then((m) => ({ Component: m.AuthPage })),
          },
          {
            path: paths.profile.path,
            lazy: () =>
              import('../pages/profile/profile-page').then((m) => ({ Component: m.ProfilePage })),
          },
          {
            path: paths.gallery.path,
            lazy: () =>
              import('../pages/gallery/gallery-page').then((m) => ({ Component: m.GalleryPage })),
          },
          {
            path: paths.stories.path,
            lazy: () =>
              import('../pages/stories/stories-page').then((m) => ({ Component: m.StoriesPage })),
          },
          {
            path: paths.story.path,
            lazy: () => import('../pages/story/story-page').then((m) => ({ Component: m.StoryPage })),
          },
          {
            path: paths.adminDashboard.path,
            lazy: () =>
              import('../pages/admin-dashboard/admin-dashboard-page').then((m) => ({
                Component: m.AdminDashboardPage,
              })),
          },
          {
            path: paths.storyCreation.path,
            lazy: () =>
              import('../pages/story-creation/story-creation-page').then((m) => ({
                Component: m.StoryCreationPage,
              })),
          },
          {
            path: paths.privacy.path,
            lazy: () =>
              import('../pages/privacy/privacy-page').then((m) => ({ Component: m.PrivacyPage })),
          },
          {
            path: paths.terms.path,
            lazy: () => import('../pages/terms/terms-page').then((m) => ({ Component: m.TermsPage })),
          },
          {
            path: paths.cookies.path,
            lazy: () =>
              import('../pages/cookies/cookies-page').then((m) => ({ Component: m.CookiesPage })),
          },
          {
            path: paths.comingSoon.path,
            lazy: () =>
              import('../pages/coming-soon/coming-soon-page').then((m) => ({
                Component: m.ComingSoonPage,
              })),
          },
          {
            path: paths.bestPractices.path,
            lazy: () =>
              import('../pages/best-practices/best-practices-page').then((m) => ({
                Component: m.BestPracticesPage,
              })),
          },
          {
            path: paths.tag.path,
            lazy: () => import('../pages/tag/tag-page').then((m) => ({ Component: m.TagPage })),
          },
          { path: '*', element: <Navigate to={paths.home.getHref()} replace /> },
        ],
      },
    ],
  },
]);
