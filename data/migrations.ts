/**
 * Append-only schema migrations. `PRAGMA user_version` holds how many have run; never edit or
 * reorder an entry that has shipped, only add new ones at the end.
 */
export const MIGRATIONS: readonly string[] = [
  // 1: results of the background self-check of every product (read by the `status` product).
  `CREATE TABLE status_checks (
     product     TEXT PRIMARY KEY,
     status      TEXT NOT NULL CHECK (status IN ('online', 'degraded', 'offline')),
     latency_ms  INTEGER,
     detail      TEXT,
     checked_at  TEXT NOT NULL
   ) STRICT;`,
];
