import type { RepositoryPorts } from './repository-ports';

/** Who may read a stored file: everyone (CDN-cacheable), or its owner (none: a guest's) and signed addresses only. */
export type FileAccess = { public: true } | { public: false; ownerId: string | null };

const EVERYONE: FileAccess = { public: true };
/** How long an answer is reused: a change of visibility reaches the files within a second (issue 42 asks 2 s). */
const TTL_MS = 1000;
const MAX_ENTRIES = 10_000;

// Ids are checked as UUIDs before they reach a uuid column (anything else would be a 500).
const ID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const ITEM_FILE = new RegExp(`^(users|guests)/([^/]+)/media/(${ID})/`);
const UPLOAD = new RegExp(`^users/(${ID})/uploads/`);
/** The small square copies of avatars (shared/src/server/media/avatar-variants.ts): made to be shown to everyone. */
const AVATAR_COPY = new RegExp(`^users/${ID}/avatar/`);
const PERSONAL = new RegExp(`^users/(${ID})/`);

/**
 * Decides, from a file's key, who may read it (issue 42, "private means private"): an item's
 * files (`users/<id>/media/<item>/…`) are everyone's only while the item is publicly listed; an
 * upload (`users/<id>/uploads/…`, source photos) is its owner's unless it is their avatar; avatar
 * copies (`users/<id>/avatar/…`) are everyone's; anything
 * else of a person's is theirs; files outside people's folders (story heroes, share images) are
 * everyone's. Answers are kept a second per process, so a hot image costs one query a second.
 */
export class MediaFileAccess {
  private readonly cache = new Map<string, { at: number; access: FileAccess }>();

  constructor(
    private readonly repos: RepositoryPorts<{ media: 'fileAccess'; users: 'hasAvatar' }>,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async of(key: string): Promise<FileAccess> {
    const item = ITEM_FILE.exec(key);
    // One entry per item serves all its files (full, thumb, variants, clips).
    const cacheKey = item ? `item:${item[3]}` : key;
    const cached = this.cache.get(cacheKey);
    const now = this.now();
    if (cached && now - cached.at < TTL_MS) return cached.access;
    const access = await this.lookUp(key, item);
    if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
    this.cache.set(cacheKey, { at: now, access });
    return access;
  }

  private async lookUp(key: string, item: RegExpExecArray | null): Promise<FileAccess> {
    if (item) {
      const row = await this.repos.media.fileAccess(item[3]!);
      if (row?.listed) return EVERYONE;
      // An item gone (or not yet recorded) leaves its files to the folder's owner.
      const ownerId = row ? row.user_id : item[1] === 'users' && new RegExp(`^${ID}$`).test(item[2]!) ? item[2]! : null;
      return { public: false, ownerId };
    }
    if (AVATAR_COPY.test(key)) return EVERYONE;
    const upload = UPLOAD.exec(key);
    if (upload) return (await this.repos.users.hasAvatar(upload[1]!, key)) ? EVERYONE : { public: false, ownerId: upload[1]! };
    const personal = PERSONAL.exec(key);
    if (personal) return { public: false, ownerId: personal[1]! };
    // A guest's files, or a folder named by no person's id: signed addresses only.
    if (key.startsWith('guests/') || key.startsWith('users/')) return { public: false, ownerId: null };
    return EVERYONE;
  }
}
