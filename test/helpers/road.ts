/** Hand-made road reports for product tests (the importers' own tests read real fixtures). */
import type { RoadFeed } from '../../data/importers/road/run.js';
import type { RoadReportRecord } from '../../models/road-reports.js';

export function roadFeed(source: string, reports: RoadReportRecord[]): RoadFeed {
  return { source, file: `${source}.test`, rowsRead: reports.length, reports: reports.map((record, i) => ({ line: i + 2, record })), rejected: [] };
}

export const report = (id: string, extra: Partial<RoadReportRecord> = {}): RoadReportRecord => ({
  source_id: id, condition_type: 'closure', severity: 'critical', description: `Report ${id}`, lang: 'en', road_name: null, direction: null,
  country_code: 'LT', geometry: { type: 'Point', coordinates: [25.0, 54.7] }, starts_at: null, expires_at: null, applies_to: null,
  truck_limits: null, ...extra,
});
