/** Fired on window after a draft is saved; the Drafts tab reloads (spec 2 §4). */
export const DRAFT_SAVED_EVENT = 'draftSaved';
