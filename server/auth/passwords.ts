import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

// OWASP's scrypt minimum: N=2^14, r=8, p=1; about 16 MB and tens of milliseconds per hash.
const N = 16_384;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

// What a stored string may ask for before we refuse to spend the memory (a tampered row must not
// make one sign-in allocate gigabytes).
const MAX_N = 1 << 20;
const MAX_R = 32;
const MAX_P = 16;
const MAX_MEMORY = 256 * 1024 * 1024;

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function derive(password: string, salt: Buffer, length: number, options: ScryptOptions) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, length, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** A new hash of `password` with its own random salt: `scrypt$N$r$p$salt$hash`, base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: MAX_MEMORY });
  return ["scrypt", N, R, P, salt.toString("base64url"), key.toString("base64url")].join("$");
}

function parameter(text: string | undefined, max: number): number | undefined {
  if (!text || !/^[1-9][0-9]{0,7}$/.test(text)) return undefined;
  const value = Number(text);
  return value <= max ? value : undefined;
}

/**
 * True when `password` matches `stored`. Compares in constant time; a malformed or tampered
 * string is simply false, never an exception.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  try {
    const parts = stored.split("$");
    if (parts.length !== 6 || parts[0] !== "scrypt") return false;
    const n = parameter(parts[1], MAX_N);
    const r = parameter(parts[2], MAX_R);
    const p = parameter(parts[3], MAX_P);
    const [salt, hash] = [parts[4] ?? "", parts[5] ?? ""];
    if (!n || !r || !p || (n & (n - 1)) !== 0 || n < 2) return false;
    if (!BASE64URL.test(salt) || !BASE64URL.test(hash)) return false;
    const expected = Buffer.from(hash, "base64url");
    // Always 64 bytes: a shortened key is a prefix of the full one, so it must not pass.
    if (expected.length !== KEY_LENGTH) return false;
    if (128 * n * r * p > MAX_MEMORY) return false;
    const key = await derive(password, Buffer.from(salt, "base64url"), KEY_LENGTH, {
      N: n,
      r,
      p,
      maxmem: MAX_MEMORY,
    });
    return timingSafeEqual(key, expected);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/**
 * A hash of a random password nobody knows, made once: checking against it when the email is
 * unknown costs what a real check costs (security.md #19).
 */
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(32).toString("base64url"));
  return dummy;
}
