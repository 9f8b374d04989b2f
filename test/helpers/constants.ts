/** Values every test helper shares. */
export const INTERNAL_TOKEN = 'test-internal-token-0123456789';
export const FIXED_NOW = '2026-11-22T10:00:00.000Z';
