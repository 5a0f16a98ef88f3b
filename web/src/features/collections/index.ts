/** The profile's Collections tab (issue 46): make, rename, share or hide, and delete collections. */
export { CollectionsTab } from './components/collections-tab';
