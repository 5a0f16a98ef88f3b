import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@app/shared/server/db';
import { TokenService } from '../services/tokens';
import { aUser } from '../../testing/rows';
import { type Authentication, type AuthenticationSources, authenticate, currentSession, currentUser, inLiveSession } from './authenticate';
import { errorHandler } from './errors';
import { NotAllowedError, NotAuthenticatedError } from '@app/shared/server/domain-errors';
import { API_KEY_INVALID, API_KEY_NOT_ACCEPTED, apiKeyLacksScope } from '../services/api-keys.service';

const ADA = aUser();
const BANNED = aUser({ id: '33333333-3333-4333-8333-333333333333', banned: true });
const GONE_ID = '44444444-4444-4444-8444-444444444444';
const ENDED_SESSION = 'session-ended';

const tokens = new TokenService('a-test-secret-of-enough-length-for-hs256');

/** Accounts by id and the sessions that ended; `findById` counts its calls. */
function sources(options: { denylist?: (sessionId: string) => Promise<boolean> } = {}) {
  const accounts = new Map<string, User>([ADA, BANNED].map((user) => [user.id, user]));
  const reads = { accounts: 0 };
  const deps: AuthenticationSources = {
    tokens,
    users: {
      findById: async (id: string) => {
        reads.accounts += 1;
        return accounts.get(id);
      },
    },
    denylist: { isDenied: options.denylist ?? (async (sessionId: string) => sessionId === ENDED_SESSION) },
  };
  return { deps, reads };
}

/** One GET / behind `authenticate(how)`, answering what the request carries. */
function appWith(how: Authentication, deps: AuthenticationSources, handler?: express.RequestHandler) {
  const app = express();
  app.get(
    '/',
    authenticate(how, deps),
    handler ??
      ((req, res) => {
        res.json({ user: req.user?.id ?? null, session: req.session ?? null, pending: req.pendingSession?.claims ?? null });
      }),
  );
  app.use(errorHandler(pino({ level: 'silent' })));
  return app;
}

let ada: string;
let adaEnded: string;
let banned: string;
let gone: string;

beforeAll(async () => {
  ada = await tokens.signAccessToken(ADA.id, 'session-1');
  adaEnded = await tokens.signAccessToken(ADA.id, ENDED_SESSION);
  banned = await tokens.signAccessToken(BANNED.id, 'session-2');
  gone = await tokens.signAccessToken(GONE_ID, 'session-3');
});

const SIGN_IN = { success: false, error: 'Please sign in to continue.', code: 'UNAUTHORIZED' };

describe("authenticate({ require: 'user' })", () => {
  const how = { require: 'user' } as const;

  it('puts the account of a valid token on the request', async () => {
    const app = appWith(how, sources().deps, (req, res) => {
      res.json({ user: currentUser(req).id });
    });
    const response = await request(app).get('/').set('Authorization', `Bearer ${ada}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ user: ADA.id });
  });

  it.each([
    ['no token', undefined],
    ['a token that is not a JWT', 'Bearer not-a-jwt'],
    ['a forged token', `Bearer ${'x'.repeat(10)}.${'y'.repeat(10)}.${'z'.repeat(10)}`],
  ])('answers 401 for %s', async (_case, header) => {
    const call = request(appWith(how, sources().deps)).get('/');
    const response = await (header ? call.set('Authorization', header) : call);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject(SIGN_IN);
  });

  it('answers 401 for a session that ended and for an account that is gone', async () => {
    for (const token of [adaEnded, gone]) {
      const response = await request(appWith(how, sources().deps)).get('/').set('Authorization', `Bearer ${token}`);
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject(SIGN_IN);
    }
  });

  it('answers 403 ACCOUNT_SUSPENDED for a banned account', async () => {
    const response = await request(appWith(how, sources().deps)).get('/').set('Authorization', `Bearer ${banned}`);
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ success: false, error: 'This account has been suspended.', code: 'ACCOUNT_SUSPENDED' });
  });
});

describe("authenticate({ require: 'none' })", () => {
  const how = { require: 'none' } as const;

  it('puts the account of a valid token on the request', async () => {
    const response = await request(appWith(how, sources().deps)).get('/').set('Authorization', `Bearer ${ada}`);
    expect(response.status).toBe(200);
    expect(response.body.user).toBe(ADA.id);
  });

  it('carries on anonymously, never a 401 or 403, for no token, an ended session, a gone or a banned account', async () => {
    for (const header of [undefined, 'Bearer not-a-jwt', `Bearer ${adaEnded}`, `Bearer ${gone}`, `Bearer ${banned}`]) {
      const call = request(appWith(how, sources().deps)).get('/');
      const response = await (header ? call.set('Authorization', header) : call);
      expect(response.status).toBe(200);
      expect(response.body.user).toBeNull();
    }
  });
});

describe("authenticate({ require: 'session' })", () => {
  const how = { require: 'session' } as const;

  it('puts the claims on the request without reading the account', async () => {
    const { deps, reads } = sources();
    const app = appWith(how, deps, (req, res) => {
      res.json(currentSession(req));
    });
    const response = await request(app).get('/').set('Authorization', `Bearer ${banned}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ userId: BANNED.id, sessionId: 'session-2' });
    expect(reads.accounts).toBe(0);
  });

  it('answers 401 for no token and for a session that ended', async () => {
    for (const header of [undefined, `Bearer ${adaEnded}`]) {
      const call = request(appWith(how, sources().deps)).get('/');
      const response = await (header ? call.set('Authorization', header) : call);
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject(SIGN_IN);
    }
  });
});

describe("authenticate({ require: 'session', alongside: true })", () => {
  const how = { require: 'session', alongside: true } as const;

  /** A denylist whose answer is held until `answer` is called; `asked` resolves once it is read. */
  function heldDenylist() {
    let answer!: (denied: boolean) => void;
    let asked!: () => void;
    const read = new Promise<void>((resolve) => (asked = resolve));
    const verdict = new Promise<boolean>((resolve) => (answer = resolve));
    return { isDenied: () => (asked(), verdict), answer, read };
  }

  it('runs the handler while the denylist is read, and answers what it made for a live session', async () => {
    const held = heldDenylist();
    const { deps } = sources({ denylist: held.isDenied });
    let workStarted = false;
    const app = appWith(how, deps, async (req, res, next) => {
      try {
        const answer = await inLiveSession(req, async ({ userId }) => {
          workStarted = true;
          await held.read;
          held.answer(false);
          return { userId };
        });
        res.json(answer);
      } catch (error) {
        next(error);
      }
    });
    const response = await request(app).get('/').set('Authorization', `Bearer ${ada}`);
    expect(workStarted).toBe(true);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ userId: ADA.id });
  });

  it('answers 401 for a session that ended, whatever the handler made', async () => {
    const app = appWith(how, sources().deps, async (req, res, next) => {
      try {
        res.json(await inLiveSession(req, async () => ({ secret: 'never sent' })));
      } catch (error) {
        next(error);
      }
    });
    const response = await request(app).get('/').set('Authorization', `Bearer ${adaEnded}`);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject(SIGN_IN);
  });

  it('answers 401 for no token before the handler runs', async () => {
    let ran = false;
    const app = appWith(how, sources().deps, (_req, res) => {
      ran = true;
      res.json({});
    });
    const response = await request(app).get('/');
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject(SIGN_IN);
    expect(ran).toBe(false);
  });
});

describe('authenticate(…) with an API key (issue 45 §1)', () => {
  const KEY = `mv_${'k'.repeat(43)}`;
  const KEY_ID = '55555555-5555-4555-8555-555555555555';

  /** Sources whose key check admits KEY for ADA with the 'read' scope, counting its calls. */
  function keySources() {
    const { deps, reads } = sources();
    const keys = { admitted: 0, denylistReads: 0 };
    const withKeys: AuthenticationSources = {
      ...deps,
      denylist: {
        isDenied: async (sessionId: string) => {
          keys.denylistReads += 1;
          return deps.denylist.isDenied(sessionId);
        },
      },
      apiKeys: {
        admit: async (presented, scope) => {
          keys.admitted += 1;
          if (presented !== KEY) throw new NotAuthenticatedError(API_KEY_INVALID, 'INVALID_API_KEY');
          if (scope !== 'read') throw new NotAllowedError(apiKeyLacksScope(scope), 'API_KEY_SCOPE');
          return { keyId: KEY_ID, owner: ADA };
        },
      },
    };
    return { deps: withKeys, reads, keys };
  }
  const NOT_ACCEPTED = { success: false, error: API_KEY_NOT_ACCEPTED, code: 'API_KEY_NOT_ACCEPTED' };

  it('refuses a key with 401 where the route takes none, whatever the mode, without looking it up', async () => {
    for (const how of [{ require: 'user' }, { require: 'session' }, { require: 'session', alongside: true }, { require: 'none' }] as const) {
      const { deps, keys } = keySources();
      const response = await request(appWith(how, deps)).get('/').set('Authorization', `Bearer ${KEY}`);
      expect(response.status, how.require).toBe(401);
      expect(response.body).toEqual(NOT_ACCEPTED);
      expect(keys.admitted).toBe(0);
    }
  });

  it("puts the key's owner where a session's would be, with the session id key:<id>, and never asks the denylist", async () => {
    const cases: Array<[Authentication, express.RequestHandler, unknown]> = [
      [{ require: 'user', apiKey: 'read' }, (req, res) => void res.json({ user: currentUser(req).id }), { user: ADA.id }],
      [{ require: 'none', apiKey: 'read' }, (req, res) => void res.json({ user: req.user?.id }), { user: ADA.id }],
      [{ require: 'session', apiKey: 'read' }, (req, res) => void res.json(currentSession(req)), { userId: ADA.id, sessionId: `key:${KEY_ID}` }],
      [
        { require: 'session', alongside: true, apiKey: 'read' },
        (req, res, next) => void inLiveSession(req, async (claims) => claims).then((claims) => res.json(claims), next),
        { userId: ADA.id, sessionId: `key:${KEY_ID}` },
      ],
    ];
    for (const [how, handler, expected] of cases) {
      const { deps, keys } = keySources();
      const response = await request(appWith(how, deps, handler)).get('/').set('Authorization', `Bearer ${KEY}`);
      expect(response.status, JSON.stringify(how)).toBe(200);
      expect(response.body).toEqual(expected);
      expect(keys).toEqual({ admitted: 1, denylistReads: 0 });
    }
  });

  it("answers the key check's 401 and 403 (an unknown key, a missing scope), even on a route open to anyone", async () => {
    const { deps } = keySources();
    const unknown = await request(appWith({ require: 'none', apiKey: 'read' }, deps)).get('/').set('Authorization', `Bearer mv_${'u'.repeat(43)}`);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({ error: API_KEY_INVALID });
    const scope = await request(appWith({ require: 'session', apiKey: 'generate' }, deps)).get('/').set('Authorization', `Bearer ${KEY}`);
    expect(scope.status).toBe(403);
    expect(scope.body).toMatchObject({ error: apiKeyLacksScope('generate'), code: 'API_KEY_SCOPE' });
  });

  it('checks an access token as before on a route that takes keys: no key lookup on that path', async () => {
    const { deps, keys, reads } = keySources();
    const app = appWith({ require: 'user', apiKey: 'read' }, deps, (req, res) => void res.json({ user: currentUser(req).id }));
    const response = await request(app).get('/').set('Authorization', `Bearer ${ada}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ user: ADA.id });
    expect(keys).toEqual({ admitted: 0, denylistReads: 1 });
    expect(reads.accounts).toBe(1);
  });

  it('refuses to build a route that takes keys without a key check', () => {
    expect(() => authenticate({ require: 'user', apiKey: 'read' }, sources().deps)).toThrow(/needs sources.apiKeys/);
  });
});
