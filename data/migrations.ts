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
  // 2: API keys (stored as SHA-256 digests, never in plain) and the daily usage counters.
  `CREATE TABLE api_keys (
     id              INTEGER PRIMARY KEY,
     digest          TEXT NOT NULL UNIQUE,
     prefix          TEXT NOT NULL,
     email           TEXT NOT NULL,
     plan            TEXT NOT NULL CHECK (plan IN ('explorer', 'payg')),
     status          TEXT NOT NULL CHECK (status IN ('active', 'revoked', 'pending')),
     limit_standard  INTEGER,
     limit_forecast_stats INTEGER,
     limit_cheap     INTEGER,
     qps             INTEGER,
     created_at      TEXT NOT NULL,
     expires_at      TEXT,
     revoked_at      TEXT,
     last_used_at    TEXT
   ) STRICT;
   CREATE INDEX api_keys_prefix ON api_keys (prefix);
   CREATE TABLE usage_counters (
     key_id  INTEGER NOT NULL REFERENCES api_keys (id),
     day     TEXT NOT NULL,
     class   TEXT NOT NULL,
     used    INTEGER NOT NULL CHECK (used >= 0),
     PRIMARY KEY (key_id, day, class)
   ) STRICT, WITHOUT ROWID;`,
];
