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
  // 3: the checkpoint directory, multilingual names with a search index, and observations.
  `CREATE TABLE locations (
     location_id  INTEGER PRIMARY KEY,
     key          TEXT NOT NULL UNIQUE,
     neighbour    TEXT NOT NULL,
     lat          REAL NOT NULL,
     lon          REAL NOT NULL,
     source_ids   TEXT NOT NULL
   ) STRICT;
   CREATE TABLE checkpoints (
     ppid          TEXT PRIMARY KEY,
     location_id   INTEGER NOT NULL REFERENCES locations (location_id),
     origin        INTEGER NOT NULL,
     destination   INTEGER NOT NULL,
     crossing_type INTEGER NOT NULL CHECK (crossing_type BETWEEN 4 AND 9),
     timezone      TEXT NOT NULL,
     status        TEXT NOT NULL CHECK (status IN ('open', 'closed', 'inactive')),
     types_basis   TEXT NOT NULL,
     redirect_to   TEXT,
     UNIQUE (location_id, origin, destination, crossing_type)
   ) STRICT;
   CREATE TABLE location_names (
     location_id  INTEGER NOT NULL REFERENCES locations (location_id),
     lang         TEXT NOT NULL,
     name         TEXT NOT NULL,
     is_primary   INTEGER NOT NULL,
     official     INTEGER NOT NULL,
     method       TEXT NOT NULL,
     PRIMARY KEY (location_id, lang, name)
   ) STRICT, WITHOUT ROWID;
   CREATE TABLE sources (
     source    TEXT PRIMARY KEY,
     label     TEXT NOT NULL,
     category  TEXT NOT NULL,
     priority  INTEGER NOT NULL,
     realtime  INTEGER NOT NULL
   ) STRICT;
   CREATE TABLE observations (
     ppid      TEXT NOT NULL,
     source    TEXT NOT NULL,
     ts        INTEGER NOT NULL,
     queue     REAL,
     wait_min  REAL,
     rate_per_h REAL,
     counted   INTEGER NOT NULL,
     data_quality TEXT NOT NULL CHECK (data_quality IN ('high', 'low')),
     PRIMARY KEY (ppid, source, ts)
   ) STRICT, WITHOUT ROWID;
   CREATE TABLE series (
     ppid      TEXT NOT NULL,
     source    TEXT NOT NULL,
     first_ts  INTEGER NOT NULL,
     last_ts   INTEGER NOT NULL,
     rows      INTEGER NOT NULL,
     PRIMARY KEY (ppid, source)
   ) STRICT, WITHOUT ROWID;
   INSERT INTO sources (source, label, category, priority, realtime) VALUES
     ('echerha', 'eCherha electronic queue (Ukraine)', 'electronic_queue', 1, 1),
     ('dpsu', 'State Border Guard Service of Ukraine', 'border_guard', 2, 1),
     ('granica', 'Polish Border Guard (granica.gov.pl)', 'border_guard', 3, 1);`,
  // 4: the typical week of each checkpoint, precomputed by the daily day-stats job.
  `CREATE TABLE day_stats (
     ppid          TEXT PRIMARY KEY,
     generated_at  TEXT NOT NULL,
     unit          TEXT NOT NULL,
     timezone      TEXT NOT NULL,
     period_days   INTEGER NOT NULL,
     data_quality  TEXT NOT NULL,
     payload       TEXT NOT NULL
   ) STRICT;`,
  // 5: fitted forecast models (weights, interval quantiles, back-test metrics) per checkpoint and series.
  `CREATE TABLE forecast_models (
     ppid          TEXT NOT NULL,
     metric        TEXT NOT NULL CHECK (metric IN ('main', 'wait')),
     unit          TEXT NOT NULL,
     generated_at  TEXT NOT NULL,
     payload       TEXT NOT NULL,
     PRIMARY KEY (ppid, metric)
   ) STRICT, WITHOUT ROWID;`,
  // 6: the bundled recorded sample under sources of its own, ranked after every other source, so that
  // the demo replay shifts only the sample and imported or live readings take over from it.
  `INSERT INTO sources (source, label, category, priority, realtime) VALUES
     ('sample.echerha', 'eCherha electronic queue (Ukraine), recorded sample replayed', 'electronic_queue', 1001, 0),
     ('sample.dpsu', 'State Border Guard Service of Ukraine, recorded sample replayed', 'border_guard', 1002, 0),
     ('sample.granica', 'Polish Border Guard (granica.gov.pl), recorded sample replayed', 'border_guard', 1003, 0);`,
  // 7: fuel stations and their latest prices, national average prices, driver places; and a version per
  // dataset that every import bumps in its own transaction (cache versions of the products reading it).
  `CREATE TABLE fuel_stations (
     source      TEXT NOT NULL,
     source_id   TEXT NOT NULL,
     name        TEXT,
     brand       TEXT,
     address     TEXT,
     city        TEXT,
     country     TEXT NOT NULL,
     lat         REAL,
     lon         REAL,
     services    TEXT NOT NULL,
     imported_at TEXT NOT NULL,
     PRIMARY KEY (source, source_id)
   ) STRICT, WITHOUT ROWID;
   CREATE TABLE fuel_prices (
     source       TEXT NOT NULL,
     station_id   TEXT NOT NULL,
     grade        TEXT NOT NULL,
     self_service INTEGER NOT NULL CHECK (self_service IN (-1, 0, 1)),
     local_name   TEXT NOT NULL,
     price        REAL NOT NULL CHECK (price > 0),
     currency     TEXT NOT NULL,
     reported_at  TEXT NOT NULL,
     PRIMARY KEY (source, station_id, grade, self_service)
   ) STRICT, WITHOUT ROWID;
   CREATE TABLE fuel_country_prices (
     source      TEXT NOT NULL,
     country     TEXT NOT NULL,
     grade       TEXT NOT NULL,
     date        TEXT NOT NULL,
     with_taxes  INTEGER NOT NULL,
     currency    TEXT NOT NULL,
     local_name  TEXT NOT NULL,
     price       REAL NOT NULL CHECK (price > 0),
     price_eur   REAL,
     PRIMARY KEY (source, country, grade, date, with_taxes, currency)
   ) STRICT, WITHOUT ROWID;
   CREATE TABLE pois (
     source       TEXT NOT NULL,
     source_id    TEXT NOT NULL,
     type         TEXT NOT NULL,
     name         TEXT,
     brand        TEXT,
     address      TEXT,
     city         TEXT,
     country      TEXT,
     lat          REAL NOT NULL,
     lon          REAL NOT NULL,
     amenities    TEXT NOT NULL,
     truck_spaces INTEGER,
     imported_at  TEXT NOT NULL,
     PRIMARY KEY (source, source_id, type)
   ) STRICT, WITHOUT ROWID;
   CREATE TABLE dataset_versions (
     dataset TEXT PRIMARY KEY,
     version INTEGER NOT NULL
   ) STRICT;
   INSERT INTO dataset_versions (dataset, version) VALUES ('places', 0);`,

  // 8: a station may sell two products of one grade (Italian stations list `Gasolio` beside a winter
  // diesel): the source's name joins a price's key, so neither overwrites the other.
  `CREATE TABLE fuel_prices_8 (
     source       TEXT NOT NULL,
     station_id   TEXT NOT NULL,
     grade        TEXT NOT NULL,
     self_service INTEGER NOT NULL CHECK (self_service IN (-1, 0, 1)),
     local_name   TEXT NOT NULL,
     price        REAL NOT NULL CHECK (price > 0),
     currency     TEXT NOT NULL,
     reported_at  TEXT NOT NULL,
     PRIMARY KEY (source, station_id, grade, self_service, local_name)
   ) STRICT, WITHOUT ROWID;
   INSERT INTO fuel_prices_8 SELECT source, station_id, grade, self_service, local_name, price, currency, reported_at FROM fuel_prices;
   DROP TABLE fuel_prices;
   ALTER TABLE fuel_prices_8 RENAME TO fuel_prices;`,

  // 9: road-condition reports (official feeds and moderated driver reports), bus crossing records and
  // bus route networks with the checkpoints their routes cross; a data version for each.
  `CREATE TABLE road_reports (
     id             INTEGER PRIMARY KEY AUTOINCREMENT,
     source         TEXT NOT NULL,
     source_id      TEXT NOT NULL,
     status         TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
     condition_type TEXT NOT NULL,
     severity       TEXT NOT NULL,
     description    TEXT NOT NULL,
     lang           TEXT NOT NULL,
     road_name      TEXT,
     direction      TEXT,
     country        TEXT NOT NULL,
     geometry       TEXT NOT NULL,
     min_lat REAL NOT NULL, max_lat REAL NOT NULL, min_lon REAL NOT NULL, max_lon REAL NOT NULL,
     starts_at      TEXT,
     expires_at     TEXT,
     applies_to     TEXT,
     truck_limits   TEXT,
     created_at     TEXT NOT NULL,
     updated_at     TEXT NOT NULL,
     moderated_at   TEXT,
     moderated_by   TEXT,
     UNIQUE (source, source_id)
   ) STRICT;
   CREATE INDEX road_reports_served ON road_reports (status, expires_at);
   CREATE TABLE bus_crossings (
     source     TEXT NOT NULL,
     ppid       TEXT NOT NULL,
     carrier    TEXT NOT NULL,
     arrived_at TEXT NOT NULL,
     crossed_at TEXT NOT NULL CHECK (crossed_at >= arrived_at),
     source_id  TEXT,
     PRIMARY KEY (source, ppid, carrier, arrived_at)
   ) STRICT, WITHOUT ROWID;
   CREATE INDEX bus_crossings_by_time ON bus_crossings (ppid, crossed_at);
   CREATE TABLE bus_routes (
     source     TEXT NOT NULL,
     route_id   TEXT NOT NULL,
     carrier    TEXT NOT NULL,
     short_name TEXT,
     long_name  TEXT,
     PRIMARY KEY (source, route_id)
   ) STRICT, WITHOUT ROWID;
   CREATE TABLE bus_route_crossings (
     source    TEXT NOT NULL,
     route_id  TEXT NOT NULL,
     ppid      TEXT NOT NULL,
     from_stop TEXT NOT NULL,
     to_stop   TEXT NOT NULL,
     PRIMARY KEY (source, route_id, ppid)
   ) STRICT, WITHOUT ROWID;
   INSERT INTO dataset_versions (dataset, version) VALUES ('road', 0), ('bus', 0);`,
  // 10: developer portal: accounts (one per normalised, verified e-mail address), single-use e-mail tokens
  // and sessions (digests only), the sandbox's daily calls per account, and the account a key belongs to.
  `CREATE TABLE accounts (
     id                INTEGER PRIMARY KEY,
     email             TEXT NOT NULL UNIQUE,
     created_at        TEXT NOT NULL,
     verified_at       TEXT,
     plan              TEXT NOT NULL DEFAULT 'explorer' CHECK (plan IN ('explorer', 'payg')),
     payg_requested_at TEXT,
     payg_note         TEXT,
     payg_approved_at  TEXT
   ) STRICT;
   CREATE TABLE portal_tokens (
     digest     TEXT PRIMARY KEY,
     account_id INTEGER NOT NULL REFERENCES accounts (id),
     purpose    TEXT NOT NULL CHECK (purpose IN ('verify', 'login')),
     created_at TEXT NOT NULL,
     expires_at TEXT NOT NULL,
     used_at    TEXT
   ) STRICT;
   CREATE TABLE portal_sessions (
     digest     TEXT PRIMARY KEY,
     account_id INTEGER NOT NULL REFERENCES accounts (id),
     created_at TEXT NOT NULL,
     expires_at TEXT NOT NULL
   ) STRICT;
   CREATE TABLE sandbox_usage (
     account_id INTEGER NOT NULL REFERENCES accounts (id),
     day        TEXT NOT NULL,
     used       INTEGER NOT NULL CHECK (used >= 0),
     PRIMARY KEY (account_id, day)
   ) STRICT, WITHOUT ROWID;
   ALTER TABLE api_keys ADD COLUMN account_id INTEGER REFERENCES accounts (id);
   CREATE INDEX api_keys_account ON api_keys (account_id);`,
  // 11: one row per `bdds import` run (data/import-runs-repo.ts): what it read, imported, found held already
  // and rejected, or why it failed; the operator dashboard lists the latest.
  `CREATE TABLE import_runs (
     id          INTEGER PRIMARY KEY,
     format      TEXT NOT NULL,
     dataset     TEXT NOT NULL CHECK (dataset IN ('observations', 'places', 'bus', 'road')),
     source      TEXT,
     files       TEXT NOT NULL,
     started_at  TEXT NOT NULL,
     finished_at TEXT NOT NULL CHECK (finished_at >= started_at),
     status      TEXT NOT NULL CHECK (status IN ('ok', 'failed', 'rejected-rows')),
     rows_read   INTEGER NOT NULL DEFAULT 0 CHECK (rows_read >= 0),
     imported    INTEGER NOT NULL DEFAULT 0 CHECK (imported >= 0),
     duplicates  INTEGER NOT NULL DEFAULT 0 CHECK (duplicates >= 0),
     rejected    INTEGER NOT NULL DEFAULT 0 CHECK (rejected >= 0),
     error       TEXT
   ) STRICT;
   CREATE INDEX import_runs_finished ON import_runs (finished_at);`,
  // 12: the state of each live feed (data/feeds-repo.ts): when it was last tried and last succeeded, its
  // failures, what the last good response held, and the validators for conditional GET (ETag,
  // Last-Modified), so a restart neither refetches an unchanged file nor forgets a feed's age.
  `CREATE TABLE feeds (
     name                 TEXT PRIMARY KEY,
     last_attempt_at      TEXT,
     last_success_at      TEXT,
     last_error           TEXT,
     consecutive_failures INTEGER NOT NULL DEFAULT 0 CHECK (consecutive_failures >= 0),
     fetches              INTEGER NOT NULL DEFAULT 0 CHECK (fetches >= 0),
     failures             INTEGER NOT NULL DEFAULT 0 CHECK (failures >= 0),
     not_modified         INTEGER NOT NULL DEFAULT 0 CHECK (not_modified >= 0),
     last_rows            INTEGER NOT NULL DEFAULT 0 CHECK (last_rows >= 0),
     last_imported        INTEGER NOT NULL DEFAULT 0 CHECK (last_imported >= 0),
     last_duration_ms     INTEGER,
     etag                 TEXT,
     last_modified        TEXT
   ) STRICT, WITHOUT ROWID;`,
  // 13: how many rows a feed's last good answer held that were rejected (each with its reason: a quirk of
  // the feed, an unknown crossing), shown on /status beside its rows.
  `ALTER TABLE feeds ADD COLUMN last_rejected INTEGER NOT NULL DEFAULT 0 CHECK (last_rejected >= 0);`,
  // 14 (places): a station's and a place's opening hours as the source writes them (the OSM tag, evaluated
  // per answer), a restaurant's cuisine, and what a national price is (an average, or a legal maximum).
  `ALTER TABLE fuel_stations ADD COLUMN opening_hours TEXT;
   ALTER TABLE pois ADD COLUMN opening_hours TEXT;
   ALTER TABLE pois ADD COLUMN cuisine TEXT;
   ALTER TABLE fuel_country_prices ADD COLUMN price_kind TEXT NOT NULL DEFAULT 'national_average'
     CHECK (price_kind IN ('national_average', 'legal_maximum'));`,
  // 15: why a product is not online, as a token beside the sentence in `detail` (no_data, replay_only,
  // stale_source, slow, unavailable, failed, store_unavailable, and since partial_coverage; null when online): /status's `reason`.
  `ALTER TABLE status_checks ADD COLUMN reason TEXT;`,
  // osm-roads: routing networks imported from OpenStreetMap extracts (bdds import osm-roads); the newest
  // row is the network travel-matrix and alternatives route on, in place of the bundled city graph.
  `CREATE TABLE road_graphs (
     id          INTEGER PRIMARY KEY,
     version     TEXT NOT NULL UNIQUE,
     source      TEXT NOT NULL,
     imported_at TEXT NOT NULL,
     nodes       INTEGER NOT NULL CHECK (nodes >= 0),
     edges       INTEGER NOT NULL CHECK (edges >= 0),
     data        BLOB NOT NULL
   ) STRICT;`,
  // 17: one mailbox, one account: Gmail ignores dots and answers at googlemail.com (api/portal/email.ts),
  // so accounts stored before that rule take the folded address; where the folded address already has an
  // account the row keeps its own (OR IGNORE: the same owner's second account, still holding its keys).
  `UPDATE OR IGNORE accounts SET email = replace(substr(email, 1, instr(email, '@') - 1), '.', '') || '@gmail.com'
   WHERE email LIKE '%@gmail.com' OR email LIKE '%@googlemail.com';`,
  // 18: alerts (issue 34; docs/alerts.md): a key's subscriptions to a checkpoint's readings, their state
  // (hysteresis: armed or fired, the value at the last firing), and the durable outbox of webhook
  // deliveries: an event is written once per alert and reading (UNIQUE), claimed by one instance, retried
  // with backoff for a day; the alert is disabled with its reason after repeated failures.
  `CREATE TABLE alerts (
     id             INTEGER PRIMARY KEY,
     public_id      TEXT NOT NULL UNIQUE,
     key_id         INTEGER NOT NULL REFERENCES api_keys(id),
     ppid           TEXT NOT NULL,
     metric         TEXT NOT NULL CHECK (metric IN ('wait_min', 'queue')),
     condition      TEXT NOT NULL CHECK (condition IN ('below', 'above', 'change_pct')),
     threshold      REAL NOT NULL CHECK (threshold >= 0),
     quiet_from     TEXT,
     quiet_to       TEXT,
     webhook_url    TEXT NOT NULL,
     secret         TEXT NOT NULL,
     status         TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled', 'deleted')),
     disabled_reason TEXT,
     armed          INTEGER NOT NULL DEFAULT 1 CHECK (armed IN (0, 1)),
     baseline       REAL,
     last_ts        INTEGER,
     consecutive_failures INTEGER NOT NULL DEFAULT 0 CHECK (consecutive_failures >= 0),
     created_at     TEXT NOT NULL,
     deleted_at     TEXT
   ) STRICT;
   CREATE INDEX alerts_by_ppid ON alerts (ppid) WHERE status = 'active';
   CREATE INDEX alerts_by_key ON alerts (key_id);
   CREATE TABLE alert_events (
     id             INTEGER PRIMARY KEY,
     event_id       TEXT NOT NULL UNIQUE,
     alert_id       INTEGER NOT NULL REFERENCES alerts(id),
     reading_ts     INTEGER NOT NULL,
     payload        TEXT NOT NULL,
     status         TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed', 'dropped')),
     attempts       INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
     next_attempt_at INTEGER NOT NULL,
     claimed_until  INTEGER,
     last_status    INTEGER,
     last_error     TEXT,
     created_at     INTEGER NOT NULL,
     delivered_at   INTEGER,
     UNIQUE (alert_id, reading_ts)
   ) STRICT;
   CREATE INDEX alert_events_due ON alert_events (next_attempt_at) WHERE status = 'pending';`,
  // 19 (eur_rates): euro exchange rates by currency and day as a source quotes them (units per EUR; the ECB's
  // reference rates, docs/feeds.md), at which national fuel prices are converted to EUR.
  `CREATE TABLE eur_rates (
     source        TEXT NOT NULL,
     currency      TEXT NOT NULL,
     date          TEXT NOT NULL,
     units_per_eur REAL NOT NULL CHECK (units_per_eur > 0),
     PRIMARY KEY (source, currency, date)
   ) STRICT, WITHOUT ROWID;`,
  // 20 (usage notices): what each portal account wants to be told by e-mail (a key's daily quota class at
  // 80 % and 100 %, a key expiring within 7 days; every notice on until turned off), the notices sent (one per
  // key, kind and subject, claimed before the mail goes so instances sharing the store send it once), and the
  // usage counters by day, which the notices job reads every minute.
  `CREATE TABLE notice_settings (
     account_id  INTEGER PRIMARY KEY REFERENCES accounts (id),
     quota_80    INTEGER NOT NULL DEFAULT 1 CHECK (quota_80 IN (0, 1)),
     quota_100   INTEGER NOT NULL DEFAULT 1 CHECK (quota_100 IN (0, 1)),
     key_expiry  INTEGER NOT NULL DEFAULT 1 CHECK (key_expiry IN (0, 1)),
     updated_at  TEXT NOT NULL
   ) STRICT;
   CREATE TABLE notices_sent (
     key_id   INTEGER NOT NULL REFERENCES api_keys (id),
     kind     TEXT NOT NULL CHECK (kind IN ('quota_80', 'quota_100', 'key_expiry')),
     subject  TEXT NOT NULL,
     sent_at  TEXT NOT NULL,
     PRIMARY KEY (key_id, kind, subject)
   ) STRICT, WITHOUT ROWID;
   CREATE INDEX notices_sent_at ON notices_sent (sent_at);
   CREATE INDEX usage_counters_day ON usage_counters (day);`,
  // 21 (idempotent alert creation): the client's idempotency key of a creation and a digest of what it asked,
  // unique per API key while set (a key older than its window is cleared before it is used again).
  `ALTER TABLE alerts ADD COLUMN idempotency_key TEXT;
   ALTER TABLE alerts ADD COLUMN request_digest TEXT;
   CREATE UNIQUE INDEX alerts_idempotency ON alerts (key_id, idempotency_key) WHERE idempotency_key IS NOT NULL;`,
  // 22 (too short): the checkpoints a daily job last found too short for a typical week or a forecast model, and
  // when; a stored result removes the row. Neither a result nor a row: the job has not reached it yet.
  `CREATE TABLE too_short (
     ppid        TEXT NOT NULL,
     result      TEXT NOT NULL CHECK (result IN ('day_stats', 'forecast_main', 'forecast_wait')),
     checked_at  TEXT NOT NULL,
     PRIMARY KEY (ppid, result)
   ) STRICT, WITHOUT ROWID;`,
];
