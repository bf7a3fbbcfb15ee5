import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import * as zxcvbnEn from '@zxcvbn-ts/language-en';
import { ValidationError } from '../errors';

/**
 * Member passwords, unlike API secrets, are chosen by people and have little entropy, so they get a slow,
 * salted hash: node:crypto scrypt with a random 16-byte salt per password. N = 2^15, r = 8, p = 1 costs
 * ~32 MiB and ~60-100 ms per hash on this project's machines. The parameters are stored with the hash, so
 * they can be raised later without invalidating the hashes already stored.
 */
const PARAMS = { N: 1 << 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
const MAX_MEM = 96 * 1024 * 1024;

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: MAX_MEM }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** Constant-time comparison; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash of a random password, for comparing against when an email is unknown (same cost, no timing hint). */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

/** 16 characters of base64url (96 random bits): printed once, changed at first sign-in. */
export function generateOneTimePassword(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * The lowest zxcvbn score (0 to 4) a chosen password may have. 3 is "safely unguessable: moderate protection from
 * offline slow-hash scenario" (about 10^8 guesses and more); with scrypt and the sign-in delays it is far beyond an
 * online attack.
 */
export const PASSWORD_MIN_SCORE = 3;

// The dictionaries (~40,000 common passwords, English words, names, Wikipedia words) are loaded on first use.
let strength: ZxcvbnFactory | undefined;
function estimator(): ZxcvbnFactory {
  strength ??= new ZxcvbnFactory({
    dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEn.dictionary },
    graphs: zxcvbnCommon.adjacencyGraphs,
    translations: zxcvbnEn.translations,
  });
  return strength;
}

/**
 * What a member may choose as a password: 12 to 200 characters, and not guessable: zxcvbn (the maintained
 * TypeScript port, @zxcvbn-ts) must score it at least PASSWORD_MIN_SCORE, with the person's own email and
 * organization as words an attacker would try first. The refusal says why, in zxcvbn's words.
 */
export function checkNewPassword(password: unknown, field = 'new_password', userInputs: string[] = []): string {
  if (typeof password !== 'string') throw ValidationError.field(field, 'required');
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) throw ValidationError.field(field, `at least ${PASSWORD_MIN_LENGTH} characters`);
  if (length > PASSWORD_MAX_LENGTH) throw ValidationError.field(field, `at most ${PASSWORD_MAX_LENGTH} characters`);
  const inputs = userInputs.flatMap((input) => [input, ...input.split(/[@.\s_-]+/).filter((part) => part.length >= 3)]);
  const result = estimator().check(password, inputs);
  if (result.score < PASSWORD_MIN_SCORE) {
    const why = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean).join(' ');
    throw ValidationError.field(field, `too easy to guess${why ? `: ${why}` : ''} (choose a longer passphrase of uncommon words)`);
  }
  return password;
}
