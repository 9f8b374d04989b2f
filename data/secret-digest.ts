/** The SHA-256 digest (hex) under which a secret is stored: API keys, the portal's tokens and session ids. */
import { createHash } from 'node:crypto';

export const secretDigest = (secret: string): string => createHash('sha256').update(secret).digest('hex');
