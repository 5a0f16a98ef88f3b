/**
 * Every key of the server-state cache, in one place: a mutation in one feature invalidates
 * what it changes (a finished run refreshes the library and the quota) without importing
 * the feature that shows it.
 */
export const queryKeys = {
  feed: (filter?: string) => (filter === undefined ? (['feed'] as const) : (['feed', filter] as const)),
  trending: () => ['trending'] as const,
  library: (kind?: string) => (kind === undefined ? (['library'] as const) : (['library', kind] as const)),
  likes: () => ['likes'] as const,
  /** The signed-in person's notifications and unread count (the bell). */
  notifications: () => ['notifications'] as const,
  /** The signed-in person's liked collection (get-liked-media). */
  likedMedia: () => ['liked-media'] as const,
  drafts: () => ['drafts'] as const,
  quota: () => ['quota'] as const,
  /** The credits spent on runs, from the ledger (under quota: refreshed with it). */
  creditsUsed: () => ['quota', 'used'] as const,
  /** The daily top-up the balance is measured against (under quota: refreshed with it). */
  dailyTopUp: () => ['quota', 'top-up'] as const,
  presets: () => ['presets'] as const,
  profile: () => ['profile'] as const,
  referrals: () => ['referrals'] as const,
  settings: () => ['settings'] as const,
  /** The published stories; with a slug, one story. */
  stories: (slug?: string) => (slug === undefined ? (['stories'] as const) : (['stories', slug] as const)),
  tagPage: (tag: string) => ['tag-page', tag] as const,
  /** One creation, for its page /m/<id>. */
  mediaItem: (id: string) => ['media-item', id] as const,
  /** A creator's public page; `creator()` alone covers every creator's. */
  creator: (username?: string) => (username === undefined ? (['creator'] as const) : (['creator', username] as const)),
  /** Whether the signed-in person follows a creator, by username (the viewer's Follow button); under `creator()`. */
  followStatus: (username: string, viewerId: string) => ['creator', username, 'follow', viewerId] as const,
  /** The Developers tab's calls (issue 45): the API keys, the webhook secret, the deliveries; `developer()` alone covers them all. */
  developer: (part?: 'api-keys' | 'webhook-secret' | 'webhook-deliveries') => (part === undefined ? (['developer'] as const) : (['developer', part] as const)),
  /** Collections (issue 46): the signed-in person's list (`mine`, with an item's ticks: `mine`, id) and one collection's page; `collections()` alone covers them all. */
  collections: (...part: string[]) => ['collections', ...part] as const,
  /** The story editor's list: every story, any status. */
  storyEditor: () => ['story-editor'] as const,
  /** The admin dashboard's calls; `admin()` alone covers them all (dropped on logout). */
  admin: (part?: 'config' | 'users' | 'media' | 'settings' | 'audit' | 'reports' | 'run-timeline', ...rest: string[]) =>
    part === undefined ? (['admin'] as const) : (['admin', part, ...rest] as const),
};
