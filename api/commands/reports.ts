/** `bdds reports list|add|approve|reject`: moderation of road-condition reports on the configured store. */
import { parseArgs } from 'node:util';
import { createRoadReportsRepo, type HeldReport } from '../../data/road-reports-repo.js';
import { closeStore } from '../../data/store.js';
import { isServiceError } from '../../models/errors.js';
import { RoadReportSubmission } from '../../models/road-conditions.js';
import { MODERATION, type Moderation } from '../../models/road-reports.js';
import { createClock, loadConfig } from '../config.js';
import { inputError } from '../pipeline/input-error.js';
import { moderateReport, submitReport } from '../../services/road/reports.js';
import { openForCommand, processIo, shown, type CliIo, UsageError } from './io.js';

export const REPORTS_USAGE = `Usage:
  bdds reports list [--status pending|approved|rejected] [--limit N] [--json]
      The latest reports (default 50), newest first: id, status, type, severity, country, source, text.
  bdds reports add --type TYPE --severity SEVERITY --description TEXT --country CC
                   (--lat LAT --lon LON | --line "LON LAT;LON LAT;...") [--road NAME] [--direction TEXT]
                   [--starts ISO] [--expires ISO] [--lang xx] [--applies-to TEXT] [--json]
      Adds a driver's report as pending (served only once approved); prints its id.
      TYPE: pothole speed_bump roadwork closure hazard ice accident congestion weather other;
      SEVERITY: low moderate major critical; times ISO-8601 with offset.
  bdds reports approve <id>
  bdds reports reject <id>
      Moderates a report; the product shows the change at once.

Exit 0 done (also a report already in that state); 1 when no report has that id; 2 on bad usage or
when the store does not exist.
Uses the store named by BDDS_DB (./var/bdds.sqlite), which must exist (\`bdds serve\` or \`bdds import\`
creates it), and the clock of BDDS_NOW (else the system clock).`;

const line = (r: HeldReport) =>
  [String(r.id), r.status, r.condition_type, r.severity, r.country, r.source, r.expires_at ?? 'open', r.description.replace(/\s+/g, ' ').slice(0, 60)];

/** "24.1 50.2;24.2 50.3" -> [[24.1, 50.2], [24.2, 50.3]] (numbers still checked by the schema). */
const lineOf = (text: string) => text.split(';').map((pair) => pair.trim().split(/\s+/).map((v) => (/^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v)));

export async function reportsCommand(args: string[], io: CliIo = processIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args, allowPositionals: true, strict: true,
    options: {
      status: { type: 'string' }, limit: { type: 'string' }, json: { type: 'boolean' }, type: { type: 'string' }, severity: { type: 'string' },
      description: { type: 'string' }, country: { type: 'string' }, lat: { type: 'string' }, lon: { type: 'string' }, line: { type: 'string' },
      road: { type: 'string' }, direction: { type: 'string' }, starts: { type: 'string' }, expires: { type: 'string' }, lang: { type: 'string' },
      'applies-to': { type: 'string' },
    },
  });
  const [action, ref] = positionals;
  const config = loadConfig(io.env);
  const now = createClock(config.now)();
  const db = openForCommand(config.dbPath);
  try {
    if (action === 'list') {
      if (values.status !== undefined && !MODERATION.includes(values.status as Moderation)) throw new UsageError('--status must be pending, approved or rejected');
      if (values.limit !== undefined && !/^\d{1,4}$/.test(values.limit)) throw new UsageError('--limit must be a whole number');
      const rows = createRoadReportsRepo(db).list((values.status as Moderation | undefined) ?? null, Number(values.limit ?? 50));
      if (values.json) io.out(JSON.stringify(rows));
      else for (const cells of [['id', 'status', 'type', 'severity', 'country', 'source', 'expires', 'description'], ...rows.map(line)]) io.out(cells.map(shown).join('\t'));
      return 0;
    }
    if (action === 'add') {
      const raw = Object.fromEntries(Object.entries({
        condition_type: values.type, severity: values.severity, description: values.description, country: values.country, lat: values.lat,
        lon: values.lon, line: values.line === undefined ? undefined : lineOf(values.line), road_name: values.road, direction: values.direction,
        starts_at: values.starts, expires_at: values.expires, lang: values.lang, applies_to: values['applies-to'],
      }).filter(([, v]) => v !== undefined));
      const parsed = RoadReportSubmission.safeParse(raw);
      if (!parsed.success) {
        const flags: Record<string, string> = { condition_type: 'type', road_name: 'road', starts_at: 'starts', expires_at: 'expires', applies_to: 'applies-to' };
        throw new UsageError(inputError(parsed.error, raw).message.replace(/Parameter '(\w+)'/, (_m, p: string) => `--${flags[p] ?? p}`));
      }
      const report = submitReport(createRoadReportsRepo(db), parsed.data, now);
      io.out(values.json ? JSON.stringify(report) : `added report ${report.id} (pending: approve it with 'bdds reports approve ${report.id}')`);
      return 0;
    }
    if (action === 'approve' || action === 'reject') {
      if (!ref || !/^\d{1,12}$/.test(ref)) throw new UsageError('name a report by its id');
      const { report, changed } = moderateReport(createRoadReportsRepo(db), Number(ref), action === 'approve' ? 'approved' : 'rejected', 'cli', now);
      io.out(changed ? `${report.status} report ${report.id}` : `report ${report.id} was already ${report.status}`);
      return 0;
    }
    throw new UsageError(`unknown reports action '${action ?? ''}'\n\n${REPORTS_USAGE}`);
  } catch (err) {
    if (isServiceError(err) && err.code === 'not_found') throw new Error(err.message);
    throw err;
  } finally {
    closeStore(db);
  }
}
