/** The scheduled maintenance jobs. */
export * from './expire-guest-media';
export * from './daily-credit-topup';
