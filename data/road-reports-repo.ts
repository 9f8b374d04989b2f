/**
 * Road-condition reports: the served ones (approved, in force at an instant) read for the product, and
 * moderation. Reports are few (hundreds to thousands): the served set is read per version and instant
 * and filtered in memory by the api layer.
 */
import type { Moderation, RoadGeometry, RoadReportRecord, TruckLimits } from '../models/road-reports.js';
import { importRoadReports } from './importers/road/run.js';
import type { Db } from './store.js';

/** A report as held: the record as imported (its country under the column's name), with its moderation. */
export interface HeldReport extends Omit<RoadReportRecord, 'country_code'> {
  id: number;
  source: string;
  status: Moderation;
  /** ISO 3166-1 alpha-2, upper case (the record's `country_code`). */
  country: string;
  created_at: string;
  updated_at: string;
  moderated_at: string | null;
  moderated_by: string | null;
}

type Row = Omit<HeldReport, 'geometry' | 'truck_limits'> & { geometry: string; truck_limits: string | null };
const held = (r: Row): HeldReport => ({ ...r, geometry: JSON.parse(r.geometry) as RoadGeometry, truck_limits: r.truck_limits === null ? null : (JSON.parse(r.truck_limits) as TruckLimits) });

const COLUMNS = `id, source, source_id, status, condition_type, severity, description, lang, road_name, direction, country, geometry,
  starts_at, expires_at, applies_to, truck_limits, created_at, updated_at, moderated_at, moderated_by`;

export function createRoadReportsRepo(db: Db) {
  // In force at `now`: approved, started (or no start), not expired (or no end).
  const servedStmt = db.prepare(`SELECT ${COLUMNS} FROM road_reports WHERE status = 'approved'
    AND (starts_at IS NULL OR starts_at <= @now) AND (expires_at IS NULL OR expires_at > @now) ORDER BY id`);
  const byIdStmt = db.prepare(`SELECT ${COLUMNS} FROM road_reports WHERE id = ?`);
  const listStmt = db.prepare(`SELECT ${COLUMNS} FROM road_reports WHERE (@status IS NULL OR status = @status) ORDER BY id DESC LIMIT @limit`);
  const moderateStmt = db.prepare(`UPDATE road_reports SET status = @status, moderated_at = @at, moderated_by = @by, updated_at = @at
    WHERE id = @id AND status IS NOT @status`);
  const bump = db.prepare("UPDATE dataset_versions SET version = version + 1 WHERE dataset = 'road'");
  const idStmt = db.prepare('SELECT id FROM road_reports WHERE source = ? AND source_id = ?').pluck();

  return {
    /** Approved reports in force at `now`. */
    served: (now: Date): HeldReport[] => (servedStmt.all({ now: now.toISOString() }) as Row[]).map(held),
    byId: (id: number): HeldReport | null => {
      const row = byIdStmt.get(id) as Row | undefined;
      return row ? held(row) : null;
    },
    /**
     * Stores one report of `source` as `pending` through the one write path (importers/road/run.ts, which
     * bumps the `road` version when it changes anything); the held report.
     */
    submit(source: string, record: RoadReportRecord, now: Date): HeldReport {
      importRoadReports(db, [{ source, file: 'submitted', rowsRead: 1, reports: [{ line: 1, record }], rejected: [] }],
        { now, status: 'pending', snapshot: false });
      return this.byId(idStmt.get(source, record.source_id) as number)!;
    },
    /** The latest reports, of one moderation status or all. */
    list: (status: Moderation | null, limit: number): HeldReport[] => (listStmt.all({ status, limit }) as Row[]).map(held),
    /** Sets a report's moderation; false when it is not held or already has that status. */
    moderate(id: number, status: Moderation, by: string, at: Date): boolean {
      return db.transaction(() => {
        const changed = moderateStmt.run({ id, status, by, at: at.toISOString() }).changes > 0;
        if (changed) bump.run();
        return changed;
      })();
    },
  };
}

export type RoadReportsRepo = ReturnType<typeof createRoadReportsRepo>;
