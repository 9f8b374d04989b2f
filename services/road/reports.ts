/**
 * Operator actions on road-condition reports, shared by `bdds reports` and the operator routes: submit a
 * report for a driver (it enters `pending`), approve or reject one. Each goes through the repository (a
 * submission through the one write path, data/importers/road/run.ts), and bumps the `road` data version when it changes
 * anything, so the product shows an approval at once.
 */
import { randomUUID } from 'node:crypto';
import type { HeldReport, RoadReportsRepo } from '../../data/road-reports-repo.js';
import { notFound } from '../../models/errors.js';
import type { RoadReportSubmission } from '../../models/road-conditions.js';
import type { Moderation, RoadReportRecord } from '../../models/road-reports.js';

/** Where operator-submitted reports are stored (their ids are generated). */
export const SUBMITTED_SOURCE = 'driver-report';

export function submitReport(repo: RoadReportsRepo, s: RoadReportSubmission, now: Date): HeldReport {
  const record: RoadReportRecord = {
    source_id: randomUUID(), condition_type: s.condition_type, severity: s.severity, description: s.description, lang: s.lang,
    road_name: s.road_name ?? null, direction: s.direction ?? null, country_code: s.country,
    geometry: s.line ? { type: 'LineString', coordinates: s.line } : { type: 'Point', coordinates: [s.lon!, s.lat!] },
    starts_at: s.starts_at ?? null, expires_at: s.expires_at ?? null, applies_to: s.applies_to ?? null, truck_limits: null,
  };
  return repo.submit(SUBMITTED_SOURCE, record, now);
}

/** Approves or rejects report `id`; `changed` is false when it already had that status. Unknown id: not_found. */
export function moderateReport(repo: RoadReportsRepo, id: number, status: Exclude<Moderation, 'pending'>, by: string, now: Date): { report: HeldReport; changed: boolean } {
  if (!repo.byId(id)) throw notFound(`No road report has id ${id}.`, 'unknown_report');
  const changed = repo.moderate(id, status, by, now);
  return { report: repo.byId(id)!, changed };
}
