/**
 * API key format: `bdds_` + 26 base32 characters (128 random bits) + 6 base32 characters of checksum
 * (the first 30 bits of SHA-256 over the random part). A mistyped or made-up key fails the checksum
 * and is refused without touching the store. Keys are stored only as their SHA-256 digest.
 */
import { createHash, randomBytes } from 'node:crypto';
import { secretDigest } from '../../data/secret-digest.js';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
export const KEY_PREFIX = 'bdds_';
const BODY_LENGTH = 26;
const CHECK_LENGTH = 6;
const KEY_PATTERN = new RegExp(`^${KEY_PREFIX}[a-z2-7]{${BODY_LENGTH + CHECK_LENGTH}}$`);
/** How much of a key is kept for display (`bdds_` and 7 characters). */
export const DISPLAY_PREFIX_LENGTH = KEY_PREFIX.length + 7;

function base32(bytes: Uint8Array, length: number): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < length) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (out.length < length && bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

function checksum(body: string): string {
  return base32(createHash('sha256').update(body).digest(), CHECK_LENGTH);
}

/** A new random key (shown once, never stored). */
export function generateKey(): string {
  const body = base32(randomBytes(17), BODY_LENGTH); // 130 bits drawn, 128+ used
  return `${KEY_PREFIX}${body}${checksum(body)}`;
}

/** True when `key` has the shape and a matching checksum; no store lookup is needed to refuse it. */
export function isWellFormedKey(key: string): boolean {
  if (!KEY_PATTERN.test(key)) return false;
  const body = key.slice(KEY_PREFIX.length, KEY_PREFIX.length + BODY_LENGTH);
  return key.slice(KEY_PREFIX.length + BODY_LENGTH) === checksum(body);
}

/** The SHA-256 digest (hex) under which a key is stored. */
export const digestKey = secretDigest;

export function displayPrefix(key: string): string {
  return key.slice(0, DISPLAY_PREFIX_LENGTH);
}
