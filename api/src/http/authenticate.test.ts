import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@app/shared/server/db';
import { TokenService } from '../services/tokens';
import { aUser } from '../../testing/rows';
import { type Authentication, type AuthenticationSources, authenticate, currentSession, currentUser, inLiveSession } from './authenticate';
import { errorHandler } from './errors';

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
