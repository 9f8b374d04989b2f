/** `road-conditions`: approved road-condition reports in force now, filtered by country, type, severity and distance. */
import { creditsOf } from '../../data/credits.js';
import type { HeldReport } from '../../data/road-reports-repo.js';
import { distanceToGeometryKm } from '../../engine/spatial.js';
import { RoadConditionsInput, RoadConditionsOutput } from '../../models/road-conditions.js';
import { SEVERITIES } from '../../models/road-reports.js';
import { defineOperation } from '../operation.js';
import { roundTo } from '../../models/round.js';
import { pointOf } from '../../models/lon-alias.js';

const rank = (r: HeldReport) => SEVERITIES.indexOf(r.severity);

export const roadConditions = defineOperation({
  name: 'roadConditions',
  slug: 'road-conditions',
  summary: 'Road-condition reports in force: closures, roadworks, hazards, truck limits',
  description: 'Approved reports (official feeds, and driver reports once a moderator approved them) that are in force now: started ' +
    'and not expired. With `lat`/`lng`, those whose point or line passes within `radius` km (the distance to the whole line, not its ' +
    'first point), nearest first, each with the point of it nearest to yours; otherwise the most severe first, then the newest. ' +
    'Descriptions are in the source\'s language (`description_lang`). An empty list is not an error.',
  versions: [1],
  access: 'keyed',
  quotaClass: 'standard',
  input: RoadConditionsInput,
  output: RoadConditionsOutput,
  // Reports expire by the clock: a cached answer lives at most a minute past an expiry.
  cacheTtlMs: 60_000,
  dataVersion: (_input, deps) => deps.versions.dataset('road'),
  selfCheck: () => ({ country: 'LT' }),
  emptiness: (deps) => (deps.repos.roadReports.served(deps.now()).length === 0
    ? 'holds no road report in force: no feed or import has supplied one' : null),
  handler(input, deps) {
    const point = pointOf(input, 'lng');
    const served = deps.repos.roadReports.served(deps.now());
    const found = served
      .filter((r) => (!input.country || r.country === input.country) && (!input.condition_type || r.condition_type === input.condition_type) &&
        (!input.severity || r.severity === input.severity))
      .map((r) => {
        const coords = r.geometry.type === 'Point' ? [r.geometry.coordinates] : r.geometry.coordinates;
        const d = point ? distanceToGeometryKm(point.lat, point.lon, coords) : null;
        return { r, km: d?.km ?? null, at: d?.nearest ?? coords[0]! };
      })
      .filter((f) => f.km === null || f.km <= input.radius)
      .sort((a, b) => (point ? a.km! - b.km! : rank(b.r) - rank(a.r) || b.r.created_at.localeCompare(a.r.created_at)) || a.r.id - b.r.id);
    const shown = found.slice(0, input.limit);
    // An empty answer is not a clear road: where no report is held at all, or none of that country, it says so.
    const heldIn = [...new Set(served.map((r) => r.country))].sort();
    const note = found.length > 0 ? undefined
      : heldIn.length === 0 ? 'No road report in force is held: no feed or import has supplied one, so this says nothing of the roads.'
        : `No approved report in force${input.country ? ` in ${input.country}` : ''}${point ? ` within ${input.radius} km` : ''} matches; ` +
          `reports in force are held for ${heldIn.join(', ')} only.`;
    return {
      data: {
        conditions: shown.map(({ r, km, at }) => ({
          id: r.id, condition_type: r.condition_type, severity: r.severity, description: r.description, description_lang: r.lang,
          road_name: r.road_name, direction: r.direction, lat: at[1], lon: at[0], geometry: r.geometry, distance_km: km === null ? null : roundTo(km, 2),
          country_code: r.country, source: r.source, applies_to: r.applies_to, truck_limits: r.truck_limits, starts_at: r.starts_at,
          created_at: r.created_at, expires_at: r.expires_at,
        })),
        total: found.length, limit: input.limit, ...(note ? { note } : {}),
      },
      credits: creditsOf(shown.map((f) => f.r.source)),
    };
  },
});
