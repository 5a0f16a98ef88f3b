/**
 * Every call of the api in one list, for the OpenAPI document (GET /api/openapi.json, built by
 * `./openapi.ts`): each call's contract (`defineCall`), its area, who may make it, and the errors
 * it answers beyond those every call of its kind can. A new call goes here too: catalogue.test.ts
 * fails while a call exported from shared/src/api is missing.
 *
 * `access` says what the call's route checks (api/src/compose.ts); the integration test
 * tests/integration/openapi.test.ts checks it against the running api.
 */
import { z } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { changeEmailCall, checkQuotaCall, deleteAccountCall, getQuotaCall, getUserProfileCall, getUserSettingsCall, requestEmailChangeOtpCall, updateProfileCall, updateUserSettingsCall, uploadAgreementCall } from './account';
import {
  adminAdjustCreditsCall,
  adminAuditCall,
  adminBanUserCall,
  adminConfigCall,
  adminDeleteMediaCall,
  adminDeleteUserCall,
  adminMediaCall,
  adminRunTimelineCall,
  adminSettingsCall,
  adminUpdateSettingsCall,
  adminUsersCall,
  adminVerifyCall,
} from './admin';
import { type ApiKeyScope, createApiKeyCall, getApiKeysCall, revokeApiKeyCall } from './api-keys';
import { checkSignUpQuotaCall, logoutCall, refreshTokenCall, requestOtpCall, verifyOtpCall } from './auth';
import {
  addToCollectionCall,
  createCollectionCall,
  deleteCollectionCall,
  getCollectionCall,
  getCollectionsCall,
  removeFromCollectionCall,
  updateCollectionCall,
} from './collections';
import { getCreatorCall } from './creators';
import { getCreditLedgerCall } from './credits';
import type { ApiCall } from './define-call';
import { createDraftCall, deleteDraftCall, getUserDraftsCall, updateDraftCall } from './drafts';
import { getLikedMediaCall, getMediaItemCall, getPublicFeedCall, getTrendingCall } from './feed';
import { followCreatorCall, getFollowersCall, getFollowingCall, unfollowCreatorCall } from './follows';
import {
  getMediaByRunIdCall,
  magicWandCall,
  quoteGenerationCall,
  quoteVariationCall,
  runDoneAnswerSchema,
  runFailedAnswerSchema,
  runProcessingAnswerSchema,
  unifiedGenerateCall,
  unifiedGenerateVariationCall,
} from './generation';
import { getAppInfoCall, getLaunchStatusCall } from './launch';
import { deleteMediaCall, getUserLikesCall, getUserMediaCall, migrateGuestMediaCall, shareMediaCall, toggleLikeCall } from './media';
import { getNotificationsCall, markNotificationsReadCall, unsubscribeDigestCall, unsubscribeDigestQuery } from './notifications';
import { getPresetsCall } from './presets';
import { getReferralStatsCall, sendReferralInviteCall } from './referrals';
import { adminGetReportsCall, adminResolveReportCall, reportMediaCall } from './reports';
import { cancelRunCall, retryRunCall, runEventsTicketCall } from './runs';
import { getWebhookDeliveriesCall, getWebhookSecretCall, rotateWebhookSecretCall } from './run-webhooks';
import { createStoryCall, deleteStoryCall, getStoryCall, getTagPageCall, listAllStoriesCall, listStoriesCall, storyIdQuery, updateStoryCall } from './stories';
import { signUploadCall } from './uploads';
import { waitlistSignupCall } from './waitlist';

/** The areas of the api, in the order the document lists them, with what each holds. */
export const CALL_TAGS = {
  launch: 'What the app shows before anyone signs in: launch status, contact, prices.',
  auth: 'Sign-in by e-mail code, sessions and the beta cap.',
  account: "The signed-in person's profile, settings, balance, e-mail and deletion.",
  'api-keys': 'Personal API keys (`mv_…`) for programs, made and revoked by a signed-in person.',
  uploads: 'The signature of a photo upload (the multipart upload itself, `POST /v1_1/<cloud>/auto/upload`, is not described here).',
  generation: 'Looks, prices and runs: submit, quote, poll, enhance a prompt.',
  runs: "Cancel and retry a run, the credit ledger, the ticket of the live run stream (`GET /api/run-events`, Server-Sent Events, not described here).",
  webhooks: "Signed webhooks of run ends (a run submitted with `webhookUrl`): the person's signing secret and the deliveries.",
  feed: 'The public feed, trending, one creation, a creator, tag pages.',
  media: "The person's own creations and likes.",
  library: 'Drafts, guest media and invitations.',
  reports: 'Reporting a creation.',
  collections: "A person's collections of creations: private ones, and public ones with a page (/c/<id>).",
  stories: 'Stories: read by anyone, written with the story editor token.',
  admin: 'The operators\' calls, with the X-Admin-Secret header (admin-verify takes the secret in its body).',
} as const;
export type CallTag = keyof typeof CALL_TAGS;

/**
 * Who may make a call: anyone (`public`); anyone, with more shown to a bearer (`viewer`: a missing
 * or expired session token is never a 401); a signed-in person (`bearer`: 401 without a valid
 * token, 403 when the account is suspended); the operators (`admin`: X-Admin-Secret); the story
 * editor (`story-editor`: STORY_EDITOR_TOKEN as a bearer token).
 */
export type CallAccess = 'public' | 'viewer' | 'bearer' | 'admin' | 'story-editor';

/** The statuses an error answers with (api/src/http/errors.ts, `domainStatus`). */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 429 | 500 | 503;

export interface CatalogueEntry {
  call: ApiCall<$ZodType | undefined, $ZodType>;
  tag: CallTag;
  access: CallAccess;
  summary: string;
  /**
   * The scope with which a personal API key (`mv_…`) may make a `bearer` or `viewer` call, as its
   * route's `authenticate({ …, apiKey })` says (api/src/compose.ts); without one a key is refused (401).
   */
  apiKey?: ApiKeyScope;
  /** The status of a success when not 200 (unified-generate's 202). */
  status?: 200 | 202;
  /** The answers by status when they are not `call.response` alone (getMediaByRunId: 202 while processing, 200 when over). */
  answers?: Partial<Record<200 | 202, $ZodType>>;
  /** Query parameters of a call that also takes a JSON body (story-api's `?id=` on PUT and DELETE). */
  query?: $ZodType;
  /** Errors beyond those of every call (400, 500, 503), of its access (401, 403, 429) and of a JSON body (413). */
  errors?: readonly ErrorStatus[];
}

/**
 * The calls, keyed by their operation id (the call's export name without `Call`). Two calls of one
 * name and method (unified-generate's two bodies, story-api's three reads) are one operation of
 * the document, under the first one's id, taking either request.
 */
export const CALL_CATALOGUE = {
  // launch
  getLaunchStatus: { call: getLaunchStatusCall, tag: 'launch', access: 'public', summary: 'Whether the app has launched' },
  getAppInfo: { call: getAppInfoCall, tag: 'launch', access: 'public', summary: 'Contact address, media base address, engines and prices' },
  getPresets: { call: getPresetsCall, tag: 'generation', access: 'public', summary: "This ISO week's presets" },
  // auth
  checkSignUpQuota: { call: checkSignUpQuotaCall, tag: 'auth', access: 'public', summary: 'Whether an address may still sign up while the beta is capped' },
  requestOtp: { call: requestOtpCall, tag: 'auth', access: 'public', summary: 'Mail a 6-digit sign-in code', errors: [403, 429] },
  verifyOtp: { call: verifyOtpCall, tag: 'auth', access: 'public', summary: 'Sign in with the mailed code: access and refresh tokens', errors: [401, 403, 429] },
  refreshToken: { call: refreshTokenCall, tag: 'auth', access: 'public', summary: 'A new access token (the refresh token rotates)', errors: [401, 403, 429] },
  logout: { call: logoutCall, tag: 'auth', access: 'viewer', summary: "End the refresh token's session, or every session of the bearer", errors: [401, 403] },
  // account
  getUserProfile: { call: getUserProfileCall, tag: 'account', access: 'bearer', summary: "The person's profile" },
  updateProfile: { call: updateProfileCall, tag: 'account', access: 'bearer', summary: 'Change name, username or avatar', errors: [409] },
  getUserSettings: { call: getUserSettingsCall, tag: 'account', access: 'bearer', summary: "The person's settings" },
  updateUserSettings: { call: updateUserSettingsCall, tag: 'account', access: 'bearer', summary: 'Change settings' },
  uploadAgreement: { call: uploadAgreementCall, tag: 'account', access: 'bearer', summary: 'Record the media upload agreement' },
  checkQuota: { call: checkQuotaCall, tag: 'account', access: 'bearer', summary: 'Whether the person can still generate' },
  getQuota: { call: getQuotaCall, tag: 'account', access: 'bearer', apiKey: 'read', summary: "The person's credits and daily top-up" },
  requestEmailChangeOtp: { call: requestEmailChangeOtpCall, tag: 'account', access: 'bearer', summary: 'Mail a code to a new address', errors: [409, 429] },
  changeEmail: { call: changeEmailCall, tag: 'account', access: 'bearer', summary: 'Change the address with the mailed code', errors: [409, 429] },
  deleteAccount: { call: deleteAccountCall, tag: 'account', access: 'bearer', summary: 'Delete the account, its files and rows' },
  getNotifications: { call: getNotificationsCall, tag: 'account', access: 'bearer', summary: "The person's notifications, newest first, with the unread count" },
  markNotificationsRead: { call: markNotificationsReadCall, tag: 'account', access: 'bearer', summary: 'Mark notifications read up to one (or a time, or one run\'s)' },
  unsubscribeDigest: { call: unsubscribeDigestCall, tag: 'account', access: 'public', summary: "Turn off the daily notifications e-mail by the digest's signed link", query: unsubscribeDigestQuery },
  // api keys
  createApiKey: { call: createApiKeyCall, tag: 'api-keys', access: 'bearer', summary: 'Make an API key (shown this once)', errors: [409] },
  getApiKeys: { call: getApiKeysCall, tag: 'api-keys', access: 'bearer', summary: "The person's live API keys" },
  revokeApiKey: { call: revokeApiKeyCall, tag: 'api-keys', access: 'bearer', summary: 'Revoke an API key', errors: [404] },
  // uploads
  signUpload: { call: signUploadCall, tag: 'uploads', access: 'bearer', summary: 'A signature for one photo upload', errors: [429] },
  // generation
  unifiedGenerate: {
    call: unifiedGenerateCall,
    tag: 'generation',
    access: 'bearer',
    apiKey: 'generate',
    status: 202,
    summary: 'Start a run (or a variation of a creation); charged at once',
    errors: [402, 404, 429],
  },
  unifiedGenerateVariation: { call: unifiedGenerateVariationCall, tag: 'generation', access: 'bearer', apiKey: 'generate', status: 202, summary: 'Start a variation of a creation', errors: [402, 404, 429] },
  quoteGeneration: { call: quoteGenerationCall, tag: 'generation', access: 'bearer', apiKey: 'generate', summary: 'What unified-generate would charge for a body, nothing charged', errors: [404] },
  quoteVariation: { call: quoteVariationCall, tag: 'generation', access: 'bearer', apiKey: 'generate', summary: 'What a variation would cost', errors: [404] },
  getMediaByRunId: {
    call: getMediaByRunIdCall,
    tag: 'generation',
    access: 'bearer',
    apiKey: 'read',
    summary: "A run of the person's: 202 while processing, the media when done, `success: false` when failed",
    // A failed run is a 200 with `success: false` (spec 1 §7), beside the done answer of the contract.
    answers: { 200: z.union([runDoneAnswerSchema, runFailedAnswerSchema]), 202: runProcessingAnswerSchema },
    errors: [404],
  },
  magicWand: { call: magicWandCall, tag: 'generation', access: 'bearer', summary: 'Enhance a prompt' },
  // runs
  cancelRun: { call: cancelRunCall, tag: 'runs', access: 'bearer', summary: 'Cancel a run (a late cancel answers `finished`)', errors: [404] },
  retryRun: { call: retryRunCall, tag: 'runs', access: 'bearer', status: 202, summary: 'Run a failed or canceled run again under its id', errors: [402, 404, 409, 429] },
  getCreditLedger: { call: getCreditLedgerCall, tag: 'runs', access: 'bearer', apiKey: 'read', summary: "A page of the person's credit changes, newest first" },
  runEventsTicket: { call: runEventsTicketCall, tag: 'runs', access: 'bearer', summary: 'A one-use ticket that opens the run-events stream' },
  // run webhooks
  getWebhookSecret: { call: getWebhookSecretCall, tag: 'webhooks', access: 'bearer', summary: "The person's webhook signing secret (made on the first ask)" },
  rotateWebhookSecret: { call: rotateWebhookSecretCall, tag: 'webhooks', access: 'bearer', summary: 'A new signing secret; later deliveries are signed with it only' },
  getWebhookDeliveries: { call: getWebhookDeliveriesCall, tag: 'webhooks', access: 'bearer', summary: "The person's webhook deliveries, newest first" },
  // feed
  getPublicFeed: { call: getPublicFeedCall, tag: 'feed', access: 'viewer', summary: 'The public feed: newest, trending or top, searchable; or the Following feed (`feed=following`, bearer)', errors: [401] },
  getTrending: { call: getTrendingCall, tag: 'feed', access: 'viewer', summary: 'Public creations by likes and age' },
  getMediaItem: { call: getMediaItemCall, tag: 'feed', access: 'viewer', apiKey: 'read', summary: 'One creation', errors: [404] },
  getLikedMedia: { call: getLikedMediaCall, tag: 'feed', access: 'bearer', summary: 'What the person liked, newest like first' },
  getCreator: { call: getCreatorCall, tag: 'feed', access: 'viewer', summary: "A creator and their public creations", errors: [404] },
  followCreator: { call: followCreatorCall, tag: 'feed', access: 'bearer', summary: 'Follow a creator (idempotent)', errors: [404] },
  unfollowCreator: { call: unfollowCreatorCall, tag: 'feed', access: 'bearer', summary: 'Stop following a creator (idempotent)', errors: [404] },
  getFollowing: { call: getFollowingCall, tag: 'feed', access: 'bearer', summary: 'Whom the person follows, newest follow first' },
  getFollowers: { call: getFollowersCall, tag: 'feed', access: 'public', summary: "Who follows a creator, newest follow first", errors: [404] },
  getTagPage: { call: getTagPageCall, tag: 'feed', access: 'public', summary: "A tag's public creations", errors: [404] },
  // media
  getUserMedia: { call: getUserMediaCall, tag: 'media', access: 'bearer', apiKey: 'read', summary: "The person's creations, each with its run's receipt" },
  deleteMedia: { call: deleteMediaCall, tag: 'media', access: 'bearer', summary: 'Delete one, several or all of the creations', errors: [404] },
  shareMedia: { call: shareMediaCall, tag: 'media', access: 'bearer', summary: 'Publish or hide a creation', errors: [404] },
  toggleLike: { call: toggleLikeCall, tag: 'media', access: 'bearer', summary: 'Like or unlike a creation', errors: [404] },
  getUserLikes: { call: getUserLikesCall, tag: 'media', access: 'bearer', summary: 'What the person has liked' },
  migrateGuestMedia: { call: migrateGuestMediaCall, tag: 'library', access: 'bearer', summary: "A guest's media become the account's" },
  // library
  getUserDrafts: { call: getUserDraftsCall, tag: 'library', access: 'bearer', summary: "The person's drafts" },
  createDraft: { call: createDraftCall, tag: 'library', access: 'bearer', summary: 'Save a draft' },
  updateDraft: { call: updateDraftCall, tag: 'library', access: 'bearer', summary: 'Change a draft', errors: [404] },
  deleteDraft: { call: deleteDraftCall, tag: 'library', access: 'bearer', summary: 'Delete a draft', errors: [404] },
  getReferralStats: { call: getReferralStatsCall, tag: 'library', access: 'bearer', summary: "The person's invitations and rewards" },
  sendReferralInvite: { call: sendReferralInviteCall, tag: 'library', access: 'bearer', summary: 'Invite a friend', errors: [404, 429] },
  waitlistSignup: { call: waitlistSignupCall, tag: 'auth', access: 'public', summary: 'Join the waitlist', errors: [429] },
  // collections
  createCollection: { call: createCollectionCall, tag: 'collections', access: 'bearer', summary: 'Make a collection, private or public', errors: [409] },
  updateCollection: { call: updateCollectionCall, tag: 'collections', access: 'bearer', summary: 'Rename a collection, or make it public or private', errors: [403, 404] },
  deleteCollection: { call: deleteCollectionCall, tag: 'collections', access: 'bearer', summary: 'Delete a collection (its creations stay)', errors: [403, 404] },
  addToCollection: { call: addToCollectionCall, tag: 'collections', access: 'bearer', summary: 'Add a creation to a collection (again: nothing changes)', errors: [403, 404, 409] },
  removeFromCollection: { call: removeFromCollectionCall, tag: 'collections', access: 'bearer', summary: 'Take a creation out of a collection (absent: nothing changes)', errors: [403, 404] },
  getCollections: { call: getCollectionsCall, tag: 'collections', access: 'viewer', summary: "The signed-in person's collections, or with `userId` someone's public ones", errors: [401] },
  getCollection: { call: getCollectionCall, tag: 'collections', access: 'viewer', summary: 'A public collection (or one of the bearer\'s) and a page of its creations', errors: [404] },
  // reports
  reportMedia: { call: reportMediaCall, tag: 'reports', access: 'bearer', status: 202, summary: 'Report a creation for review', errors: [404, 429] },
  // stories
  listStories: { call: listStoriesCall, tag: 'stories', access: 'public', summary: 'The published stories, one by `slug`, or every story with `all=1` (story editor)', errors: [404] },
  getStory: { call: getStoryCall, tag: 'stories', access: 'public', summary: 'One published story', errors: [404] },
  listAllStories: { call: listAllStoriesCall, tag: 'stories', access: 'story-editor', summary: 'Every story (story editor)' },
  createStory: { call: createStoryCall, tag: 'stories', access: 'story-editor', summary: 'Write a story', errors: [409] },
  updateStory: { call: updateStoryCall, tag: 'stories', access: 'story-editor', query: storyIdQuery, summary: 'Change the story `id`', errors: [404, 409] },
  deleteStory: { call: deleteStoryCall, tag: 'stories', access: 'story-editor', query: storyIdQuery, summary: 'Delete the story `id`', errors: [404] },
  // admin
  adminVerify: { call: adminVerifyCall, tag: 'admin', access: 'public', summary: 'Check an admin secret (sent in the body)', errors: [401, 429] },
  adminConfig: { call: adminConfigCall, tag: 'admin', access: 'admin', summary: 'Stats, the system diagnosis and the configuration' },
  adminUsers: { call: adminUsersCall, tag: 'admin', access: 'admin', summary: 'Accounts, searchable' },
  adminAdjustCredits: { call: adminAdjustCreditsCall, tag: 'admin', access: 'admin', summary: "Raise or lower an account's credits", errors: [404, 409] },
  adminBanUser: { call: adminBanUserCall, tag: 'admin', access: 'admin', summary: 'Suspend an account or lift it', errors: [404] },
  adminDeleteUser: { call: adminDeleteUserCall, tag: 'admin', access: 'admin', summary: 'Delete an account', errors: [404] },
  adminMedia: { call: adminMediaCall, tag: 'admin', access: 'admin', summary: 'Every creation, newest first' },
  adminDeleteMedia: { call: adminDeleteMediaCall, tag: 'admin', access: 'admin', summary: 'Delete a creation', errors: [404] },
  adminSettings: { call: adminSettingsCall, tag: 'admin', access: 'admin', summary: "The operators' settings" },
  adminUpdateSettings: { call: adminUpdateSettingsCall, tag: 'admin', access: 'admin', summary: "Change the operators' settings" },
  adminAudit: { call: adminAuditCall, tag: 'admin', access: 'admin', summary: 'The audit log' },
  adminRunTimeline: { call: adminRunTimelineCall, tag: 'admin', access: 'admin', summary: "A run's timeline and trace link", errors: [404] },
  adminGetReports: { call: adminGetReportsCall, tag: 'admin', access: 'admin', summary: 'The review queue' },
  adminResolveReport: { call: adminResolveReportCall, tag: 'admin', access: 'admin', summary: 'Keep, hide or delete a reported creation', errors: [404] },
} as const satisfies Record<string, CatalogueEntry>;

export type CatalogueKey = keyof typeof CALL_CATALOGUE;
