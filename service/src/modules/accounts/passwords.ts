import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/** OWASP Password Storage Cheat Sheet: scrypt N=2^17, r=8, p=1. */
export const OWASP_SCRYPT_COST = 17;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** Stored hashes outside these bounds are refused rather than computed (no memory blow-up). */
const MIN_COST = 10;
const MAX_COST = 20;

function scryptAsync(password: string, salt: Buffer, keyLength: number, options: ScryptOptions) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** scrypt needs 128·N·r bytes; Node's default maxmem (32 MiB) is too small for N=2^17. */
const optionsFor = (cost: number, r: number, p: number): ScryptOptions => ({
  N: 2 ** cost,
  r,
  p,
  maxmem: 2 * 128 * 2 ** cost * r + 1024 * 1024,
});

/**
 * Hashes a password into a self-describing string: `$scrypt$ln=17,r=8,p=1$<salt>$<hash>`
 * (base64url), so parameters can be raised later without breaking stored hashes.
 */
export async function hashPassword(password: string, cost = OWASP_SCRYPT_COST): Promise<string> {
  if (!Number.isInteger(cost) || cost < MIN_COST || cost > MAX_COST) {
    throw new Error(`Invalid scrypt cost: ${cost}`);
  }
  const salt = randomBytes(SALT_LENGTH);
  const key = await scryptAsync(password, salt, KEY_LENGTH, optionsFor(cost, BLOCK_SIZE, PARALLELISM));
  return `$scrypt$ln=${cost},r=${BLOCK_SIZE},p=${PARALLELISM}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

interface ParsedHash {
  cost: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const match = /^\$scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/.exec(stored);
  if (!match) return null;
  const [cost, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (cost < MIN_COST || cost > MAX_COST || r < 1 || r > 32 || p < 1 || p > 16) return null;
  const salt = Buffer.from(match[4], 'base64url');
  const key = Buffer.from(match[5], 'base64url');
  if (key.length !== KEY_LENGTH || salt.length < SALT_LENGTH) return null;
  return { cost, r, p, salt, key };
}

/** Compares in constant time; a malformed stored value never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await scryptAsync(
    password,
    parsed.salt,
    parsed.key.length,
    optionsFor(parsed.cost, parsed.r, parsed.p),
  );
  return timingSafeEqual(key, parsed.key);
}

/** True when a stored hash was made with other parameters than the current ones. */
export function needsRehash(stored: string, cost = OWASP_SCRYPT_COST): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.cost !== cost || parsed.r !== BLOCK_SIZE || parsed.p !== PARALLELISM;
}

const decoys = new Map<number, Promise<string>>();

/**
 * Spends the same work as a real check when the account does not exist, so the answer's
 * timing does not tell whether an account exists.
 */
export async function verifyAgainstDecoy(password: string, cost: number): Promise<false> {
  let decoy = decoys.get(cost);
  if (!decoy) {
    decoy = hashPassword(randomBytes(12).toString('base64url'), cost);
    decoys.set(cost, decoy);
  }
  await verifyPassword(password, await decoy);
  return false;
}
