/**
 * A budget a service spends from: one point of `rule` for `key`, or a TooManyRequestsError when
 * none is left. The api's `RateLimits` (api/src/http/rate-limits.ts) is one; a service names the
 * rules it spends (`RateQuota<'uploadsPerUser'>`), so it never imports the HTTP layer.
 */
export interface RateQuota<Rule extends string> {
  consume(rule: Rule, key: string): Promise<void>;
}
