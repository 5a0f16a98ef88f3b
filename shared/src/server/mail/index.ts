/** Sending mail and the templates of every message. */
export * from './mailer';
export * from './templates';
