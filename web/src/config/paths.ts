/**
 * Every route of the app (spec 1 §2, spec 2 §2, spec 3 §2). The router reads `path`;
 * links and navigations call `getHref`, so a route is renamed in one place.
 */

/** Values of the profile screen's `tab` query parameter (spec 2 §2); the default is all-media. */
export const PROFILE_TABS = ['tokens', 'all-media', 'liked', 'draft', 'invite-friends', 'account', 'developers', 'collections'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];
export const DEFAULT_PROFILE_TAB: ProfileTab = 'all-media';

export function parseProfileTab(value: string | null): ProfileTab {
  return PROFILE_TABS.find((tab) => tab === value) ?? DEFAULT_PROFILE_TAB;
}

function withQuery(path: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value) query.set(key, value);
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

export const paths = {
  home: { path: '/', getHref: () => '/' },
  /** `referrer` shows the invite banner (spec 3 §2). */
  auth: { path: '/auth', getHref: (referrer?: string) => withQuery('/auth', { referrer }) },
  profile: { path: '/profile', getHref: (tab?: ProfileTab) => withQuery('/profile', { tab }) },
  /** The phone's gallery: its own creations, or (`liked`) what the person liked. */
  gallery: { path: '/gallery', getHref: (view?: 'liked') => withQuery('/gallery', { view }) },
  stories: { path: '/story', getHref: () => '/story' },
  story: { path: '/story/:slug', getHref: (slug: string) => `/story/${encodeURIComponent(slug)}` },
  adminDashboard: {
    path: '/dashboard/management/control',
    getHref: () => '/dashboard/management/control',
  },
  storyCreation: { path: '/StoryCreation', getHref: () => '/StoryCreation' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  terms: { path: '/terms', getHref: () => '/terms' },
  cookies: { path: '/cookies', getHref: () => '/cookies' },
  /** `ref` is the optional referrer of the waitlist page (spec 3 §2). */
  comingSoon: { path: '/coming-soon', getHref: (ref?: string) => withQuery('/coming-soon', { ref }) },
  bestPractices: { path: '/bestpractices', getHref: () => '/bestpractices' },
  /** The API guide (issue 45): keys, runs, webhooks; the keys themselves are the profile's Developers tab. */
  developers: { path: '/developers', getHref: () => '/developers' },
  tag: { path: '/tag/:tag', getHref: (tag: string) => `/tag/${encodeURIComponent(tag)}` },
  /** One creation's page: the viewer shows it over the feed (issue 27). */
  media: { path: '/m/:id', getHref: (id: string) => `/m/${encodeURIComponent(id)}` },
  /** A creator's public page (their username is case-insensitive; links use it as stored). */
  creator: { path: '/u/:username', getHref: (username: string) => `/u/${encodeURIComponent(username)}` },
  /** A public collection's page (issue 46); a private one is its owner's alone. */
  collection: { path: '/c/:id', getHref: (id: string) => `/c/${encodeURIComponent(id)}` },
} as const;
