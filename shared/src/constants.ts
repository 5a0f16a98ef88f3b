/** Business constants of spec 1 §9 and spec 2 §9, used by the web client and the servers alike. */
export const TOAST_MAX_VISIBLE = 3;
export const TOAST_DURATION_MS = 4200;

export const POLL_INTERVAL_MS = 5_000;
export const POLL_MAX_ATTEMPTS = 72;
export const PREFLIGHT_MIN_CREDITS = 2;

export const COST_IMAGE = 2;
export const COST_VIDEO = 5;

export const UPLOAD_MAX_ATTEMPTS = 3;
export const UPLOAD_BASE_DELAY_MS = 1_000;
export const UPLOAD_MAX_JITTER_MS = 300;
export const UPLOAD_MAX_DELAY_MS = 8_000;
export const UPLOAD_TIMEOUT_MS = 60_000;
export const UPLOAD_PROGRESS_CAP = 90;

export const FEED_PAGE_SIZE = 50;
export const FEED_MIN_INITIAL_LOADING_MS = 1_200;
export const FEED_COLUMNS = 3;
export const FEED_IMAGE_WIDTH = 800;
export const FEED_IMAGE_QUALITY = 90;
export const TRENDING_DEFAULT_LIMIT = 20;
export const TRENDING_DECAY_DAYS = 7;

export const MEDIA_PAGE_SIZE = 20;
/** The liked collection's page (get-liked-media), as the library's. */
export const LIKED_PAGE_SIZE = 20;

/** Admin dashboard (spec 3 §9): the credit step, the media page and its scroll trigger. */
export const ADMIN_CREDIT_STEP = 10;
export const ADMIN_MEDIA_PAGE_SIZE = 50;
export const ADMIN_SCROLL_TRIGGER_PX = 100;

/** Tag pages and stories (spec 3 §9). */
export const TAG_POPULAR_LIMIT = 8;
export const TAG_STRUCTURED_DATA_LIMIT = 10;
export const STORY_HERO_MAX_BYTES = 5 * 1024 * 1024;
export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;
export const INFINITE_SCROLL_MARGIN_PX = 200;
export const INFINITE_SCROLL_THRESHOLD = 0.1;

export const PROMPT_MAX_LENGTH = 4000;
export const PROMPT_COUNTER_DENOMINATOR = 3000;

export const MOBILE_MAX_WIDTH_PX = 768;

export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 600;
/** Wrong guesses one code may take, from anyone; then it is dead (a code is usable only by the client it was mailed for). */
export const OTP_MAX_ATTEMPTS = 5;

export const SIGNUP_CREDITS = 20;
export const INVITED_BONUS_CREDITS = 10;
export const REFERRAL_REWARD_CREDITS = 10;
export const DAILY_TOPUP_FLOOR = 20;
export const GUEST_MEDIA_TTL_HOURS = 48;
