/** The Drafts tab (spec 2 §2): the person's saved drafts, each opened in the composer or deleted. */
export { DraftsTab } from './components/drafts-tab';
