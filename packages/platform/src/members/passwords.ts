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
 * The words a person's password must not be built on: each part of the email (its local part and the domain's
 * name, not the top-level domain) and of the organization's name and slug, and each of them whole with its
 * separators dropped ("ana.lopez" gives ana, lopez and analopez; "Acme Widgets" gives acme, widgets, acmewidgets).
 * Longest first, so a whole name is taken before its parts.
 */
export function personalWords(userInputs: string[]): string[] {
  const words = new Set<string>();
  const add = (text: string) => {
    const parts = text.split(/[^\p{L}\p{N}]+/u).filter((part) => part.length >= 3 && !/^\d+$/.test(part));
    for (const part of parts) words.add(part);
    const whole = parts.join('');
    if (whole.length >= 3) words.add(whole);
  };
  for (const input of userInputs) {
    const lower = input.normalize('NFKC').toLowerCase();
    const at = lower.lastIndexOf('@');
    if (at < 0) {
      add(lower);
      continue;
    }
    add(lower.slice(0, at));
    add(
      lower
        .slice(at + 1)
        .split('.')
        .slice(0, -1)
        .join('.'),
    );
  }
  return [...words].sort((a, b) => b.length - a.length);
}

/**
 * What is left of a password once the person's own words are taken out (any case), or undefined when it holds none.
 * zxcvbn alone gives "ana.lopez2026" or "Acme-Widgets-2026" a passing score: it finds the words among the user
 * inputs but counts the separators, the year and the capitals as strength, so the page's promise (nothing built on
 * the email or the organization's name) is kept by judging the rest on its own.
 */
function withoutPersonalWords(password: string, words: string[]): { rest: string; found: string[] } | undefined {
  let rest = password.normalize('NFKC');
  const found: string[] = [];
  for (const word of words) {
    const pattern = new RegExp(word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'giu');
    if (pattern.test(rest)) {
      found.push(word);
      rest = rest.replace(pattern, ' ');
    }
  }
  // Years, numbers, separators and symbols around the words add nothing a guesser does not try first: the rest is
  // judged by its letters.
  return found.length > 0 ? { rest: rest.replace(/[^\p{L}]+/gu, ''), found } : undefined;
}

/**
 * What a member may choose as a password: 12 to 200 characters, and not guessable: zxcvbn (the maintained
 * TypeScript port, @zxcvbn-ts) must score it at least PASSWORD_MIN_SCORE, with the person's own email and
 * organization as words an attacker would try first; and when it holds any of those words (personalWords), what is
 * left without them, years, numbers and separators must score that much on its own. The refusal says why.
 */
export function checkNewPassword(password: unknown, field = 'new_password', userInputs: string[] = []): string {
  if (typeof password !== 'string') throw ValidationError.field(field, 'required');
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) throw ValidationError.field(field, `at least ${PASSWORD_MIN_LENGTH} characters`);
  if (length > PASSWORD_MAX_LENGTH) throw ValidationError.field(field, `at most ${PASSWORD_MAX_LENGTH} characters`);
  const words = personalWords(userInputs);
  const personal = withoutPersonalWords(password, words);
  if (personal && estimator().check(personal.rest, words).score < PASSWORD_MIN_SCORE) {
    throw ValidationError.field(
      field,
      `too easy to guess: it is built on your email or your organization's name (${personal.found.join(', ')}), and a year, a number or separators added to them do not make it safe (choose a longer passphrase of uncommon words)`,
    );
  }
  const result = estimator().check(password, words);
  if (result.score < PASSWORD_MIN_SCORE) {
    const why = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean).join(' ');
    throw ValidationError.field(field, `too easy to guess${why ? `: ${why}` : ''} (choose a longer passphrase of uncommon words)`);
  }
  return password;
}
