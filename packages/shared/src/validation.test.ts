import { describe, it, expect } from 'vitest';
import type { z } from 'zod';
import {
  V,
  HASHRATE_THRESHOLD_MAX,
  codeSchema,
  hashrateThresholdSchema,
  isHashrateThreshold,
  emailSchema,
  isEmail,
  isMainlandPhone,
  isNickname,
  isPasswordLength,
  isSixDigitCode,
  isSubAccountName,
  isValidTimestamp,
  isWorkerName,
  mainlandPhoneSchema,
  nicknameSchema,
  pageQuerySchema,
  passwordSchema,
  subAccountNameSchema,
  timestampSchema,
  workerNameSchema,
} from './validation';

/** The messages of a failed parse, in order (fails the test when the parse succeeds). */
function messages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  expect(result.success, `expected ${JSON.stringify(input)} to be rejected`).toBe(false);
  return result.error!.issues.map((i) => i.message);
}

const ALL_KEYS: string[] = Object.values(V);

describe('worker names (digits and lower-case letters, at most 64)', () => {
  it.each(['a', '0', 'rig01', '001', 'a'.repeat(64)])('accepts %j', (name) => {
    expect(isWorkerName(name)).toBe(true);
    expect(workerNameSchema.parse(name)).toBe(name);
  });

  it.each(['', 'a'.repeat(65), 'Rig01', 'RIG', '-', 'rig-01', 'rig_01', 'rig.01', ' rig1', 'rig1 ', 'rig1\n', 'ｒｉｇ', 'rigé'])(
    'rejects %j with the worker-name message',
    (name) => {
      expect(isWorkerName(name)).toBe(false);
      expect(messages(workerNameSchema, name)).toEqual([V.workerName]);
    },
  );
});

describe('sub-account names (4-30 letters or digits)', () => {
  it.each(['abcd', 'AB12', 'a'.repeat(30), 'Miner2024'])('accepts %j', (name) => {
    expect(isSubAccountName(name)).toBe(true);
    expect(subAccountNameSchema.parse(name)).toBe(name);
  });

  it.each(['', 'abc', 'a'.repeat(31), 'ab_cd', 'ab cd', 'ab-cd', 'имя1', '用户名字', 'über1', 'ａｂｃｄ'])('rejects %j', (name) => {
    expect(isSubAccountName(name)).toBe(false);
    expect(messages(subAccountNameSchema, name)).toEqual([V.subAccountName]);
  });
});

describe('6-digit codes', () => {
  it('accepts six ASCII digits', () => {
    expect(isSixDigitCode('123456')).toBe(true);
    expect(isSixDigitCode('000000')).toBe(true);
    expect(codeSchema.parse('012345')).toBe('012345');
  });

  it.each(['', '12345', '1234567', '12345a', ' 123456', '123 456', '１２３４５６', '١٢٣٤٥٦'])('rejects %j', (code) => {
    expect(isSixDigitCode(code)).toBe(false);
    expect(messages(codeSchema, code)).toEqual([V.code]);
  });
});

describe('mainland phone numbers', () => {
  it.each(['13800138000', '19912345678', '15000000000'])('accepts %j', (phone) => {
    expect(isMainlandPhone(phone)).toBe(true);
    expect(mainlandPhoneSchema.parse(phone)).toBe(phone);
  });

  it.each([
    '12800138000', // second digit 2
    '10000000000', // second digit 0
    '1380013800', // 10 digits
    '138001380000', // 12 digits
    '138-0013-8000',
    '138 0013 8000',
    '+8613800138000',
    '23800138000',
    '',
  ])('rejects %j with the phone-format message', (phone) => {
    expect(isMainlandPhone(phone)).toBe(false);
    expect(messages(mainlandPhoneSchema, phone)).toEqual([V.phone]);
  });
});

describe('email addresses', () => {
  /** A valid address of exactly `length` characters: 64-character local part, labels up to 63. */
  function emailOfLength(length: number): string {
    const fixed = 64 + 1 + 63 + 1 + 63 + 1 + 1 + 3; // local@label63.label63.<n>.com
    return `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(length - fixed)}.com`;
  }

  it.each(['user@example.com', 'first.last+tag@sub.example.co.uk', 'u_1@ex-ample.io', 'A@B.CO'])('accepts %j', (email) => {
    expect(isEmail(email)).toBe(true);
    expect(emailSchema.parse(email)).toBe(email);
  });

  it('accepts 254 characters and rejects 255', () => {
    const ok = emailOfLength(254);
    const tooLong = emailOfLength(255);
    expect(ok).toHaveLength(254);
    expect(tooLong).toHaveLength(255);
    expect(isEmail(ok)).toBe(true);
    expect(isEmail(tooLong)).toBe(false);
    expect(messages(emailSchema, tooLong)).toEqual([V.email]);
  });

  it('limits the local part to 64 and a domain label to 63 characters', () => {
    expect(isEmail(`${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(isEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
    expect(isEmail(`user@${'b'.repeat(63)}.com`)).toBe(true);
    expect(isEmail(`user@${'b'.repeat(64)}.com`)).toBe(false);
  });

  it.each([
    'userexample.com', // missing @
    'user@@example.com',
    'user @example.com',
    'user@exa mple.com',
    ' user@example.com',
    '@example.com',
    'user@',
    'user@example',
    'user@-example.com',
    'user@example-.com',
    'user@example..com',
  ])('rejects %j with the email-format message', (email) => {
    expect(isEmail(email)).toBe(false);
    expect(messages(emailSchema, email)).toEqual([V.email]);
  });

  it('answers an empty email with the required message only', () => {
    expect(messages(emailSchema, '')).toEqual([V.emailRequired]);
  });
});

describe('nicknames', () => {
  it.each(['Alice', ' Alice ', '矿工一号', 'a'.repeat(32), '😀'.repeat(32), 'a'.repeat(31) + '😀', ' '.repeat(10) + 'a'.repeat(32)])(
    'accepts %j',
    (nickname) => {
      expect(isNickname(nickname)).toBe(true);
      expect(nicknameSchema.parse(nickname)).toBe(nickname);
    },
  );

  it.each(['', ' ', '     ', '\t\n', '\u3000', 'a'.repeat(33), '😀'.repeat(33), 'a'.repeat(32) + '😀'])('rejects %j', (nickname) => {
    expect(isNickname(nickname)).toBe(false);
    expect(messages(nicknameSchema, nickname)).toEqual([V.nickname]);
  });

  it.each(['rig\tone', 'line\nbreak', 'nul\u0000', 'lone\ud800'])('rejects control characters and broken text in %j', (nickname) => {
    expect(isNickname(nickname)).toBe(false);
    expect(messages(nicknameSchema, nickname)).toEqual([V.controlCharacters]);
  });

  it('counts an emoji as one character, not as two UTF-16 units', () => {
    const emoji = '😀'.repeat(32);
    expect(emoji.length).toBe(64);
    expect(isNickname(emoji)).toBe(true);
  });
});

describe('timestamps (0 to 4102444800 seconds)', () => {
  it.each([0, 1, 1_700_000_000, 4102444800])('accepts %s', (n) => {
    expect(isValidTimestamp(n)).toBe(true);
    expect(timestampSchema.parse(n)).toBe(n);
  });

  it.each([-1, 4102444801, 1.5, NaN, Infinity, -Infinity])('rejects %s', (n) => {
    expect(isValidTimestamp(n)).toBe(false);
  });

  it('coerces numeric strings', () => {
    expect(timestampSchema.parse('123')).toBe(123);
    expect(timestampSchema.parse('4102444800')).toBe(4102444800);
  });

  it('answers out-of-range values with the range message', () => {
    expect(messages(timestampSchema, -1)).toEqual([V.timestamp]);
    expect(messages(timestampSchema, 4102444801)).toEqual([V.timestamp]);
    expect(messages(timestampSchema, '4102444801')).toEqual([V.timestamp]);
  });

  it('answers fractions and non-numbers with the integer message', () => {
    expect(messages(timestampSchema, 1.5)).toEqual([V.integer]);
    expect(messages(timestampSchema, '12.5')).toEqual([V.integer]);
    expect(messages(timestampSchema, 'abc')).toEqual([V.integer]);
  });
});

describe('passwords (8 to 128 characters, never trimmed)', () => {
  it.each([8, 9, 64, 128])('accepts %i characters', (n) => {
    expect(isPasswordLength('p'.repeat(n))).toBe(true);
  });

  it.each([0, 1, 7, 129, 1000])('rejects %i characters with the length message', (n) => {
    expect(isPasswordLength('p'.repeat(n))).toBe(false);
    expect(messages(passwordSchema, 'p'.repeat(n))).toEqual([V.passwordLength]);
  });

  it('counts spaces and returns the password exactly as given', () => {
    for (const pw of ['abcdefg ', ' abcdefg', '        ', '  pass word  ']) {
      expect(isPasswordLength(pw)).toBe(true);
      expect(passwordSchema.parse(pw)).toBe(pw);
    }
    // 7 characters plus spaces that trimming would remove.
    expect(passwordSchema.parse('   abcdefg   ')).toBe('   abcdefg   ');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(isPasswordLength('😀'.repeat(4))).toBe(false); // 8 units, 4 characters
    expect(isPasswordLength('😀'.repeat(8))).toBe(true);
    expect(isPasswordLength('😀'.repeat(128))).toBe(true); // 256 units
    expect(isPasswordLength('😀'.repeat(129))).toBe(false);
  });
});

describe('pageQuerySchema', () => {
  it('defaults to page 1 of 10', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 1, page_size: 10 });
  });

  it('coerces query strings', () => {
    expect(pageQuerySchema.parse({ page: '3', page_size: '20' })).toEqual({ page: 3, page_size: 20 });
  });

  it('accepts a page size from 1 to 100', () => {
    expect(pageQuerySchema.parse({ page_size: 1 }).page_size).toBe(1);
    expect(pageQuerySchema.parse({ page_size: 100 }).page_size).toBe(100);
  });

  it.each([
    [{ page: 0 }, 'page', V.tooSmall],
    [{ page: -1 }, 'page', V.tooSmall],
    [{ page: 1.5 }, 'page', V.integer],
    [{ page: 'x' }, 'page', V.integer],
    [{ page_size: 0 }, 'page_size', V.tooSmall],
    [{ page_size: 101 }, 'page_size', V.tooBig],
    [{ page_size: '101' }, 'page_size', V.tooBig],
    [{ page_size: 2.5 }, 'page_size', V.integer],
  ])('rejects %j', (input, field, key) => {
    const result = pageQuerySchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([[field, key]]);
  });
});

describe('zod messages are validation keys', () => {
  it('uses a distinct key per rule', () => {
    expect(new Set(ALL_KEYS).size).toBe(ALL_KEYS.length);
  });

  const stringSchemas: [string, z.ZodType][] = [
    ['workerNameSchema', workerNameSchema],
    ['subAccountNameSchema', subAccountNameSchema],
    ['codeSchema', codeSchema],
    ['mainlandPhoneSchema', mainlandPhoneSchema],
    ['emailSchema', emailSchema],
    ['nicknameSchema', nicknameSchema],
    ['passwordSchema', passwordSchema],
  ];

  it.each(stringSchemas)('%s answers a missing value with required and a wrong type with invalid', (_name, schema) => {
    expect(messages(schema, undefined)).toEqual([V.required]);
    expect(messages(schema, null)).toEqual([V.required]);
    expect(messages(schema, 123456)).toEqual([V.invalid]);
    expect(messages(schema, ['a'])).toEqual([V.invalid]);
  });

  it('never answers with a message that is not a key', () => {
    const inputs: unknown[] = [undefined, null, '', ' ', 'x', 'X'.repeat(300), -1, 1.5, {}, [], true];
    for (const [name, schema] of [...stringSchemas, ['timestampSchema', timestampSchema] as [string, z.ZodType]]) {
      for (const input of inputs) {
        const result = schema.safeParse(input);
        if (result.success) continue;
        for (const issue of result.error.issues) expect(ALL_KEYS, `${name} ${JSON.stringify(input)}`).toContain(issue.message);
      }
    }
    for (const input of [{ page: 'x' }, { page_size: {} }, { page: -5, page_size: 1000 }]) {
      const result = pageQuerySchema.safeParse(input);
      for (const issue of result.error!.issues) expect(ALL_KEYS).toContain(issue.message);
    }
  });
});

describe('timestampSchema with empty input', () => {
  it('treats an empty string or null as missing, never as the epoch', () => {
    for (const input of ['', null, undefined]) {
      const r = timestampSchema.safeParse(input);
      expect(r.success, JSON.stringify(input)).toBe(false);
    }
    expect(timestampSchema.safeParse('0').success).toBe(true);
  });
});

describe('hashrate alarm thresholds (H/s, above 0, at most HASHRATE_THRESHOLD_MAX, or null)', () => {
  it.each([0.5, 1, 4.77e6, 1e15, HASHRATE_THRESHOLD_MAX])('accepts %j', (n) => {
    expect(isHashrateThreshold(n)).toBe(true);
    expect(hashrateThresholdSchema.parse(n)).toBe(n);
  });

  it('accepts null: no alarm', () => {
    expect(hashrateThresholdSchema.parse(null)).toBeNull();
  });

  // 0 could never be undercut; negative, infinite and beyond the maximum are not hashrates.
  it.each([0, -0, -1, -1e15, HASHRATE_THRESHOLD_MAX * 10, Infinity, -Infinity, NaN])('rejects %j with the threshold message', (n) => {
    expect(isHashrateThreshold(n)).toBe(false);
    expect(messages(hashrateThresholdSchema, n)).toEqual([V.hashrateThreshold]);
  });

  it('says what is wrong with a value that is not a number or is missing', () => {
    expect(messages(hashrateThresholdSchema, '1000')).toEqual([V.hashrateThreshold]);
    expect(messages(hashrateThresholdSchema, {})).toEqual([V.hashrateThreshold]);
    expect(messages(hashrateThresholdSchema, undefined)).toEqual([V.required]);
  });
});
