import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { v7 as uuidv7 } from 'uuid';
import type { PlatformDb } from '../db/platform-db';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { decryptSecret, encryptSecret, SecretDecryptionError } from '../secret-box';

/**
 * TOTP two-factor sign-in (RFC 6238) for console members, through `otpauth` (maintained, no dependencies):
 * SHA-1, 6 digits, 30-second steps, the usual parameters every authenticator app reads from the otpauth:// URI;
 * a code of the step before or after is accepted (clock drift), and a step is never accepted twice (replay).
 * The secret (160 random bits) is stored sealed by the caller's secret box key, bound to the member id; recovery
 * codes (ten, 128 random bits each) are stored as SHA-256 hashes and each works once.
 */
const PERIOD = 30;
const DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;

function totpFor(secret: Secret, label = 'console', issuer = 'Finance console'): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD, secret });
}

const context = (memberId: string) => `totp:${memberId}`;

function openSecret(key: Buffer, memberId: string, blob: string | null): Secret | null {
  if (!blob) return null;
  try {
    return Secret.fromBase32(decryptSecret(blob, key, context(memberId)));
  } catch (err) {
    if (err instanceof SecretDecryptionError) return null;
    throw err;
  }
}

export const hashRecoveryCode = (code: string) => createHash('sha256').update(code.trim().toLowerCase().replace(/[\s-]/g, ''), 'utf8').digest('hex');

/** Starts (or restarts) enrolment: a new secret, stored sealed but not yet enabled. Refused when TOTP is on. */
export async function beginTotpEnrolment(db: PlatformDb, key: Buffer, memberId: string): Promise<{ secret: string; uri: string }> {
  const member = await db.member.findUnique({ where: { id: memberId }, select: { email: true, totpEnabledAt: true } });
  if (!member) throw new NotFoundError('member not found');
  if (member.totpEnabledAt) throw new ConflictError('TOTP_ALREADY_ENABLED', 'two-factor sign-in is already on; an admin can reset it');
  const secret = new Secret({ size: 20 });
  await db.member.update({ where: { id: memberId }, data: { totpSecretEnc: encryptSecret(secret.base32, key, context(memberId)), totpLastStep: null } });
  return { secret: secret.base32, uri: totpFor(secret, member.email).toString() };
}

/** The time step a code belongs to, when it is right for the secret now (this step, or one either side). */
function matchingStep(secret: Secret, code: unknown, now: number): number | null {
  if (typeof code !== 'string' || !/^\d{6}$/.test(code.replace(/\s/g, ''))) return null;
  const delta = totpFor(secret).validate({ token: code.replace(/\s/g, ''), timestamp: now, window: 1 });
  return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
}

/** Accepts a code once: the step must be later than the last one accepted (one conditional update). */
async function acceptStep(db: PlatformDb, memberId: string, step: number): Promise<boolean> {
  const updated = await db.member.updateMany({
    where: { id: memberId, OR: [{ totpLastStep: null }, { totpLastStep: { lt: BigInt(step) } }] },
    data: { totpLastStep: BigInt(step) },
  });
  return updated.count === 1;
}

/** Confirms enrolment with a code from the app: TOTP is on from now, and the recovery codes are returned once. */
export async function confirmTotpEnrolment(db: PlatformDb, key: Buffer, memberId: string, code: unknown, now = Date.now()): Promise<string[]> {
  const member = await db.member.findUnique({ where: { id: memberId }, select: { totpSecretEnc: true, totpEnabledAt: true } });
  if (!member) throw new NotFoundError('member not found');
  if (member.totpEnabledAt) throw new ConflictError('TOTP_ALREADY_ENABLED', 'two-factor sign-in is already on');
  const secret = openSecret(key, memberId, member.totpSecretEnc);
  if (!secret) throw new ConflictError('TOTP_NOT_STARTED', 'start the two-factor set-up first');
  const step = matchingStep(secret, code, now);
  if (step === null || !(await acceptStep(db, memberId, step))) throw ValidationError.field('code', 'not the current code of your authenticator app');
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const hex = randomBytes(16).toString('hex');
    return hex.match(/.{4}/g)!.join('-');
  });
  await db.$transaction(async (tx) => {
    await tx.memberRecoveryCode.deleteMany({ where: { memberId } });
    await tx.memberRecoveryCode.createMany({ data: codes.map((c) => ({ id: uuidv7(), memberId, codeHash: hashRecoveryCode(c) })) });
    await tx.member.update({ where: { id: memberId }, data: { totpEnabledAt: new Date() } });
  });
  return codes;
}

/** Checks a sign-in code (a 6-digit TOTP code, or a recovery code, used up by this). */
export async function verifySecondFactor(
  db: PlatformDb,
  key: Buffer,
  memberId: string,
  input: { code?: unknown; recoveryCode?: unknown },
  now = Date.now(),
): Promise<boolean> {
  if (typeof input.recoveryCode === 'string' && input.recoveryCode.length > 0 && input.recoveryCode.length <= 100) {
    const used = await db.memberRecoveryCode.updateMany({
      where: { memberId, codeHash: hashRecoveryCode(input.recoveryCode), usedAt: null },
      data: { usedAt: new Date() },
    });
    return used.count === 1;
  }
  const member = await db.member.findUnique({ where: { id: memberId }, select: { totpSecretEnc: true, totpEnabledAt: true } });
  const secret = member?.totpEnabledAt ? openSecret(key, memberId, member.totpSecretEnc) : null;
  if (!secret) return false;
  const step = matchingStep(secret, input.code, now);
  return step !== null && (await acceptStep(db, memberId, step));
}

/** How many unused recovery codes a member has left. */
export async function recoveryCodesLeft(db: PlatformDb, memberId: string): Promise<number> {
  return db.memberRecoveryCode.count({ where: { memberId, usedAt: null } });
}

/** Turns TOTP off (an admin's reset for a lost phone, or the member's own choice where it is not required). */
export async function resetMemberTotp(db: PlatformDb, memberId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    await tx.memberRecoveryCode.deleteMany({ where: { memberId } });
    const updated = await tx.member.updateMany({ where: { id: memberId }, data: { totpSecretEnc: null, totpEnabledAt: null, totpLastStep: null } });
    if (updated.count === 0) throw new NotFoundError('member not found');
  });
}
