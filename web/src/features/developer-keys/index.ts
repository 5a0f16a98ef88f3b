/** The profile's Developers tab (issue 45): personal API keys, the webhook signing secret and the deliveries. */
export { DevelopersTab } from './components/developers-tab';
