/**
 * The one write path for road-condition reports: parsed feeds -> `road_reports`, in one transaction (a
 * failure imports nothing). A report is identified by its source and the source's id: importing it again
 * updates what differs and never duplicates it, and never changes its moderation (an operator's rejection
 * stands). New reports take the status the caller gives: `approved` for official feeds, `pending` for
 * driver reports. A snapshot import (a feed that lists everything in force, such as the weekly Lithuanian
 * closures) also ends the reports of its source that the snapshot no longer lists: they expire at the
 * import's time. Every import that changes anything bumps the `road` dataset version.
 */
import type { Moderation, RoadGeometry, RoadReportRecord } from '../../../models/road-reports.js';
import type { Db } from '../../store.js';
import type { Rejected } from '../feed.js';

/** What a road-report parser hands over (data/importers/road/parsed.ts). */
export interface RoadFeed {
  source: string;
  file: string;
  rowsRead: number;
  reports: { line: number; record: RoadReportRecord }[];
  rejected: Rejected[];
}

export interface RoadImportSummary {
  rowsRead: number;
  added: number;
  updated: number;
  unchanged: number;
  /** Held reports of a snapshot's source that the snapshot no longer lists: now expired. */
  ended: number;
  rejected: Rejected[];
}

function bbox(g: RoadGeometry) {
  const points = g.type === 'Point' ? [g.coordinates] : g.coordinates;
  const lats = points.map((p) => p[1]);
  const lons = points.map((p) => p[0]);
  return { min_lat: Math.min(...lats), max_lat: Math.max(...lats), min_lon: Math.min(...lons), max_lon: Math.max(...lons) };
}

const validGeometry = (g: RoadGeometry) =>
  (g.type === 'Point' ? [g.coordinates] : g.coordinates).every(([lon, lat]) => Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180) &&
  (g.type === 'Point' || g.coordinates.length >= 2);

export function importRoadReports(db: Db, feeds: readonly RoadFeed[], options: { now: Date; status: Moderation; snapshot: boolean }): RoadImportSummary {
  const stamp = options.now.toISOString();
  const add = db.prepare(`INSERT OR IGNORE INTO road_reports (source, source_id, status, condition_type, severity, description, lang, road_name, direction,
      country, geometry, min_lat, max_lat, min_lon, max_lon, starts_at, expires_at, applies_to, truck_limits, created_at, updated_at)
    VALUES (@source, @source_id, @status, @condition_type, @severity, @description, @lang, @road_name, @direction, @country, @geometry,
      @min_lat, @max_lat, @min_lon, @max_lon, @starts_at, @expires_at, @applies_to, @truck_limits, @stamp, @stamp)`);
  const update = db.prepare(`UPDATE road_reports SET condition_type = @condition_type, severity = @severity, description = @description, lang = @lang,
      road_name = @road_name, direction = @direction, country = @country, geometry = @geometry, min_lat = @min_lat, max_lat = @max_lat,
      min_lon = @min_lon, max_lon = @max_lon, starts_at = @starts_at, expires_at = @expires_at, applies_to = @applies_to,
      truck_limits = @truck_limits, updated_at = @stamp
    WHERE source = @source AND source_id = @source_id AND (condition_type IS NOT @condition_type OR severity IS NOT @severity
      OR description IS NOT @description OR lang IS NOT @lang OR road_name IS NOT @road_name OR direction IS NOT @direction
      OR country IS NOT @country OR geometry IS NOT @geometry OR starts_at IS NOT @starts_at OR expires_at IS NOT @expires_at
      OR applies_to IS NOT @applies_to OR truck_limits IS NOT @truck_limits)`);
  const inForce = db.prepare(`SELECT source_id FROM road_reports WHERE source = ? AND status != 'rejected' AND (expires_at IS NULL OR expires_at > ?)`).pluck();
  const end = db.prepare('UPDATE road_reports SET expires_at = @stamp, updated_at = @stamp WHERE source = @source AND source_id = @source_id');
  const bump = db.prepare("UPDATE dataset_versions SET version = version + 1 WHERE dataset = 'road'");

  const summary: RoadImportSummary = { rowsRead: 0, added: 0, updated: 0, unchanged: 0, ended: 0, rejected: [] };
  db.transaction(() => {
    const listed = new Map<string, Set<string>>();
    for (const feed of feeds) {
      summary.rowsRead += feed.rowsRead;
      summary.rejected.push(...feed.rejected);
      const ids = listed.get(feed.source) ?? new Set<string>();
      listed.set(feed.source, ids);
      for (const { line, record: r } of feed.reports) {
        if (!validGeometry(r.geometry)) {
          summary.rejected.push({ file: feed.file, line, reason: 'geometry is not a point or a line of valid positions' });
          continue;
        }
        ids.add(r.source_id);
        const params = {
          ...r, source: feed.source, status: options.status, stamp, country: r.country_code.toUpperCase(), geometry: JSON.stringify(r.geometry),
          ...bbox(r.geometry), truck_limits: r.truck_limits ? JSON.stringify(r.truck_limits) : null,
        };
        if (add.run(params).changes > 0) summary.added++;
        else if (update.run(params).changes > 0) summary.updated++;
        else summary.unchanged++;
      }
    }
    if (options.snapshot) {
      for (const [source, ids] of listed) {
        for (const id of inForce.all(source, stamp) as string[]) {
          if (ids.has(id)) continue;
          end.run({ stamp, source, source_id: id });
          summary.ended++;
        }
      }
    }
    if (summary.added + summary.updated + summary.ended > 0) bump.run();
  })();
  summary.rejected.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  return summary;
}
