import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runIdSchema } from '../generation/request-schema';
import { JSON_MAX_DEPTH, JSON_TOO_DEEP, UNSAFE_TEXT, exceedsJsonDepth, isSafeText, jsonValueProblem, safeJsonObject, safeText, uuidSchema } from './input';
import { refreshTokenRequest, updateProfileRequest } from './auth';

const messages = (result: { success: boolean; error?: z.core.$ZodError }) => result.error?.issues.map((issue) => issue.message) ?? [];
const nest = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

describe('safeText', () => {
  it.each(['Ada Lovelace', 'émoji 😀 ok', 'ا漢字', '', "O'Brien; DROP TABLE users"])('accepts %j', (text) => {
    expect(safeText().safeParse(text)).toEqual({ success: true, data: text });
  });

  it.each(['\u0000', 'a\u0000b', '\u0001', '\u001b[31m', '\u007f', '\ud800', 'x\udfffy', 'tab\there', 'two\nlines'])(
    'refuses %j on one line with a clear message',
    (text) => {
      expect(messages(safeText().safeParse(text))).toEqual([UNSAFE_TEXT]);
    },
  );

  it('keeps line breaks and tabs in multi-line text, but never NUL', () => {
    const multiline = safeText({ multiline: true });
    expect(multiline.safeParse('line one\r\nline two\tend').success).toBe(true);
    expect(messages(multiline.safeParse('line\u0000'))).toEqual([UNSAFE_TEXT]);
    expect(messages(multiline.safeParse('\u000b'))).toEqual([UNSAFE_TEXT]);
  });

  it('takes further string checks after its own', () => {
    const name = safeText().check(z.trim(), z.minLength(1), z.maxLength(5));
    expect(name.parse('  Ada  ')).toBe('Ada');
    expect(name.safeParse('too long').success).toBe(false);
    expect(name.safeParse(42).success).toBe(false);
    expect(messages(safeText({ message: 'Bad name' }).safeParse(42))).toEqual(['Bad name']);
  });

  it('agrees with isSafeText', () => {
    expect(isSafeText('a\nb')).toBe(false);
    expect(isSafeText('a\nb', { multiline: true })).toBe(true);
    expect(isSafeText('👍')).toBe(true);
  });
});

describe('uuidSchema', () => {
  it.each(['3f1c2a9e-6d4b-4f7a-9c1e-2b8d5e7f9a10', '3F1C2A9E-6D4B-4F7A-9C1E-2B8D5E7F9A10', '00000000-0000-0000-0000-000000000000', '3f1c2a9e-6d4b-5f7a-8c1e-2b8d5e7f9a10'])(
    'accepts %s',
    (id) => {
      expect(uuidSchema('mediaId').parse(id)).toBe(id);
    },
  );

  it.each(['x', '', 'not-a-uuid', '3f1c2a9e-6d4b-4f7a-9c1e-2b8d5e7f9a1Z', '3f1c2a9e-6d4b-4f7a-9c1e-2b8d5e7f9a10\u0000', ' 3f1c2a9e-6d4b-4f7a-9c1e-2b8d5e7f9a10', 42, null, ['3f1c2a9e-6d4b-4f7a-9c1e-2b8d5e7f9a10']])(
    'refuses %j, naming the field',
    (id) => {
      expect(messages(uuidSchema('mediaId').safeParse(id))).toEqual(['Invalid mediaId']);
    },
  );
});

describe('JSON depth', () => {
  it('counts containers, not scalars', () => {
    expect(exceedsJsonDepth(1, 0)).toBe(false);
    expect(exceedsJsonDepth([], 0)).toBe(true);
    expect(exceedsJsonDepth({ a: [1] }, 2)).toBe(false);
    expect(exceedsJsonDepth({ a: [[1]] }, 2)).toBe(true);
  });

  it(`allows ${JSON_MAX_DEPTH} levels and refuses one more`, () => {
    expect(exceedsJsonDepth(nest(JSON_MAX_DEPTH))).toBe(false);
    expect(exceedsJsonDepth(nest(JSON_MAX_DEPTH + 1))).toBe(true);
  });

  it('walks 200,000 levels without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(200_000)}${']'.repeat(200_000)}`) as unknown;
    expect(exceedsJsonDepth(deep)).toBe(true);
    expect(jsonValueProblem(deep)).toBe(JSON_TOO_DEEP);
  });
});

describe('safeJsonObject', () => {
  const schema = safeJsonObject();

  it('accepts ordinary metadata', () => {
    const metadata = { provider: 'local', sizes: [1, 2], nested: { note: 'two\nlines', flag: null } };
    expect(schema.parse(metadata)).toEqual(metadata);
  });

  it('refuses NUL or a lone surrogate anywhere, in keys as in values', () => {
    expect(messages(schema.safeParse({ a: { b: ['ok', 'x\u0000'] } }))).toEqual([UNSAFE_TEXT]);
    expect(messages(schema.safeParse({ 'k\u0000': 1 }))).toEqual([UNSAFE_TEXT]);
    expect(messages(schema.safeParse({ a: '\ud83d' }))).toEqual([UNSAFE_TEXT]);
  });

  it('refuses a value nested too deeply', () => {
    expect(messages(schema.safeParse(nest(JSON_MAX_DEPTH + 5)))).toEqual([JSON_TOO_DEEP]);
  });

  it('refuses what is not an object', () => {
    expect(schema.safeParse([1]).success).toBe(false);
    expect(schema.safeParse('text').success).toBe(false);
  });

  it('does not let a __proto__ key change the prototype', () => {
    const parsed = schema.parse(JSON.parse('{"__proto__":{"polluted":true},"a":1}'));
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect((parsed as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('the request schemas use them', () => {
  it('refuses a NUL in a profile name or avatar with the safe-text message', () => {
    expect(messages(updateProfileRequest.safeParse({ name: 'Ada\u0000' }))).toEqual([UNSAFE_TEXT]);
    expect(updateProfileRequest.safeParse({ avatar: 'https://example.com/\u0000.png' }).success).toBe(false);
    expect(updateProfileRequest.parse({ name: '  Ada  ', avatar: 'https://example.com/a.png' })).toEqual({ name: 'Ada', avatar: 'https://example.com/a.png' });
  });

  it('refuses control characters in a refresh token', () => {
    expect(refreshTokenRequest.safeParse({ refreshToken: `${'r'.repeat(20)}\u0000` }).success).toBe(false);
  });

  it('accepts run ids a run can have and nothing else', () => {
    expect(runIdSchema.parse('run_fuzz_0123456789')).toBe('run_fuzz_0123456789');
    expect(runIdSchema.parse('3f1c2a9e-6d4b-4f7a-9c1e-2b8d5e7f9a10')).toBe('3f1c2a9e-6d4b-4f7a-9c1e-2b8d5e7f9a10');
    for (const bad of ['\u0000', 'run_\u0000_0123456789', '12345678', 'x', 42]) {
      expect(messages(runIdSchema.safeParse(bad))).toEqual(['Invalid runId']);
    }
  });
});
