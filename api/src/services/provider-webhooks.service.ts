import type { Config } from '@app/shared/server/config';
import type { Logger } from '@app/shared/server/logger';
import { JSON_TOO_DEEP, UNSAFE_TEXT, exceedsJsonDepth, unstorableTextAt } from '@app/shared';
import type { RepositoryPorts } from './repository-ports';
import { verifyBflSignature } from '../webhooks/bfl-signature';
import { createFalJwksCache, looksSignedByFal, verifyFalWebhook } from '../webhooks/fal-signature';
import { verifyReplicateSignature } from '../webhooks/replicate-signature';

type Headers = Record<string, string | string[] | undefined>;

export type WebhookAnswer = { status: 200 | 400 | 401 | 404; body: { received: boolean; duplicate?: boolean; error?: string } };

interface Verifier {
  verify(rawBody: Buffer, headers: Headers): Promise<boolean>;
  /** The provider's request id, from the body (or a signed header). */
  requestId(body: Record<string, unknown>, headers: Headers): string | undefined;
}

const stringOf = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/**
 * Provider callbacks at `/webhooks/<provider>`: the raw body's signature is checked (fal
 * Ed25519 against its JWKS, Replicate Standard Webhooks, BFL HMAC), then the body is stored on
 * its provider request, where the waiting worker reads it. The first delivery is kept; a repeat
 * answers 200 and changes nothing, so a delivery made twice settles the run once. A request we
 * do not know (yet) answers 404, which makes the provider deliver again later.
 */
export class ProviderWebhooks {
  private readonly verifiers = new Map<string, Verifier>();

  constructor(
    private readonly repos: RepositoryPorts<{ providerRequests: 'storeWebhook' }>,
    providers: Config['providers'],
    private readonly logger: Logger,
  ) {
    if (providers.fal) {
      const jwks = createFalJwksCache(providers.fal.jwksUrl);
      this.verifiers.set('fal', {
        // A call without well-formed, current signature headers is refused before fal's key set is asked for.
        verify: async (raw, headers) =>
          looksSignedByFal(headers) &&
          (verifyFalWebhook(raw, headers, await jwks.keys()) || verifyFalWebhook(raw, headers, await jwks.keys({ refresh: true }))),
        requestId: (body, headers) => stringOf(headers['x-fal-webhook-request-id']) ?? stringOf(body.request_id),
      });
    }
    const replicateSecret = providers.replicate?.webhookSecret;
    if (replicateSecret) {
      this.verifiers.set('replicate', {
        verify: async (raw, headers) => verifyReplicateSignature(raw, headers, replicateSecret),
        requestId: (body) => stringOf(body.id),
      });
    }
    const bflSecret = providers.bfl?.webhookSecret;
    if (bflSecret) {
      this.verifiers.set('bfl', {
        verify: async (raw, headers) => verifyBflSignature(raw, headers, bflSecret),
        requestId: (body) => stringOf(body.id) ?? stringOf(body.task_id),
      });
    }
  }

  /** The providers whose webhooks are accepted (signing secret or key set configured). */
  get accepted(): string[] {
    return [...this.verifiers.keys()];
  }

  async receive(provider: string, rawBody: Buffer, headers: Headers): Promise<WebhookAnswer> {
    const verifier = this.verifiers.get(provider);
    if (!verifier) return { status: 404, body: { received: false, error: 'No webhooks are configured for this provider' } };
    let valid = false;
    try {
      valid = await verifier.verify(rawBody, headers);
    } catch (error) {
      this.logger.warn({ err: error, provider }, 'webhook signature could not be checked');
    }
    if (!valid) return { status: 401, body: { received: false, error: 'Invalid webhook signature' } };
    let body: unknown;
    try {
      body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      return { status: 400, body: { received: false, error: 'The webhook body is not JSON' } };
    }
    // Stored as jsonb: too deep a body would overflow the stack on the way, and Postgres refuses NUL.
    if (exceedsJsonDepth(body)) return { status: 400, body: { received: false, error: `The webhook body is ${JSON_TOO_DEEP}` } };
    const unstorable = unstorableTextAt(body);
    if (unstorable !== undefined) return { status: 400, body: { received: false, error: `The webhook body, ${unstorable || 'top'}: ${UNSAFE_TEXT}` } };
    const requestId = typeof body === 'object' && body !== null ? verifier.requestId(body as Record<string, unknown>, headers) : undefined;
    if (!requestId) return { status: 400, body: { received: false, error: 'The webhook names no request' } };
    const stored = await this.repos.providerRequests.storeWebhook(provider, requestId, body);
    this.logger.info({ provider, requestId, stored }, 'provider webhook');
    if (stored === 'unknown') return { status: 404, body: { received: false, error: 'Unknown request' } };
    return { status: 200, body: { received: true, ...(stored === 'duplicate' ? { duplicate: true } : {}) } };
  }
}
