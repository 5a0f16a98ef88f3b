import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { usernameProblem, usernameSchema } from './username';

describe('usernames', () => {
  it('takes 3–30 of a–z, 0–9, _ and ., lowercased', () => {
    for (const name of ['ana', 'Ana.Lima_2', 'a_b', 'x'.repeat(30), '_ana_']) expect(usernameProblem(name), name).toBeNull();
    expect(z.parse(usernameSchema, '  Ana.Lima ')).toBe('ana.lima');
  });

  it('refuses the rest with words a person can act on', () => {
    expect(usernameProblem('an')).toMatch(/at least 3/);
    expect(usernameProblem('x'.repeat(31))).toMatch(/at most 30/);
    expect(usernameProblem('ana lima')).toMatch(/letters, digits/);
    expect(usernameProblem('ana-lima')).toMatch(/letters, digits/);
    expect(usernameProblem('ánä')).toMatch(/letters, digits/);
    expect(usernameProblem('.ana')).toMatch(/start or end with a dot/);
    expect(usernameProblem('ana.')).toMatch(/start or end with a dot/);
    expect(usernameProblem('ana..lima')).toMatch(/two dots/);
    for (const reserved of ['admin', 'API', 'story', 'tag', 'Mirrorverse']) expect(usernameProblem(reserved), reserved).toMatch(/reserved/);
    expect(() => z.parse(usernameSchema, 'admin')).toThrow(/reserved/);
    // Paths the app serves and words a program reads as something else (issue 41).
    for (const reserved of ['static', 'assets', 'metrics', 'webhooks', 'robots.txt', 'null', 'undefined', '__proto__', 'constructor', 'Constructor']) {
      expect(usernameProblem(reserved), reserved).toMatch(/reserved/);
    }
  });
});
