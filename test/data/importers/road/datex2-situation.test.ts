import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DATEX2_TYPES, parseDatex2Situations } from '../../../../data/importers/road/datex2-situation.js';
import type { RoadReportParser } from '../../../../data/importers/road/parsed.js';
import { fixture } from '../../../helpers/fixtures.js';

parseDatex2Situations satisfies RoadReportParser;

const at = { at: new Date('2026-05-04T06:00:00Z') };
const V3_ACCIDENTS = 'road/datex2/datex2eu_webinar_instance_Accident.xml';
const NTIS_A = 'road/datex2/ntis_Event_Data_3794674417759799.xml';
const NTIS_B = 'road/datex2/ntis_Event_Data_3794693100985740.xml';
const NTIS_OPEN = 'road/datex2/ntis_Event_Data_3794741283153306.xml';
const FI_V35 = 'road/datex2/digitraffic_GUID50456943.xml';
const FI_V2 = 'road/datex2/digitraffic_roadworks_GUID50013753.xml';

const NTIS_TEXT = [
  'TYPE : GDP',
  'Event Location : The A64 northbound between the junctions with the A1237 York North and the A169',
  'Delay (freeflow) : There are currently delays of 10 minutes against free flowing traffic',
  'Event Reason : Congestion',
  'Event Status : Currently Active',
  'Return To Normal : Normal traffic conditions are expected between 10:00 and 10:15 on 29th April 2015',
  'Delay (profile) : There are currently delays of 10 minutes against expected traffic',
].join('\n');

describe('DATEX II SituationPublication', () => {
  it('v3 (DATEX II example): Accident records with point coordinates, source from the publication creator', () => {
    const parsed = parseDatex2Situations(fixture(V3_ACCIDENTS), 'accidents.xml', at);
    assert.equal(parsed.source, 'datex2-se');
    assert.equal(parsed.rowsRead, 3);
    assert.deepEqual(parsed.rejected, []);
    assert.deepEqual(parsed.reports[0], {
      line: 17,
      record: {
        source_id: '2f6c7b6c-6a77-44a2-9f13-cb53934faaab',
        condition_type: 'accident',
        // No severity stated: an accident is major.
        severity: 'major',
        // No public comment: the coded values, in English.
        description: 'Accident: collision, collisionWithAnimal',
        lang: 'en',
        road_name: null,
        direction: null,
        country_code: 'SE',
        geometry: { type: 'Point', coordinates: [5.204404542910014, 53.01894771995707] },
        starts_at: '2023-10-30T12:46:17.420Z',
        expires_at: null,
        applies_to: null,
        truck_limits: null,
      },
    });
    assert.deepEqual(parsed.reports.map((r) => [r.line, r.record.description, r.record.geometry.coordinates]), [
      [17, 'Accident: collision, collisionWithAnimal', [5.204404542910014, 53.01894771995707]],
      [48, 'Accident: accident', [4.848115430165523, 52.357929609995075]],
      [77, 'Accident: accidentInvolvingHazardousMaterials', [5.02553852006629, 52.88900432626247]],
    ]);
  });

  it('v2 (NTIS): AbnormalTraffic is congestion, severity low, the comment lines in English, times with +01:00 in UTC', () => {
    const parsed = parseDatex2Situations(fixture(NTIS_A), 'ntis-a.xml', at);
    assert.equal(parsed.source, 'datex2-gb');
    assert.deepEqual(parsed.rejected, []);
    assert.deepEqual(parsed.reports, [{
      line: 1,
      record: {
        source_id: '950098',
        condition_type: 'congestion',
        severity: 'low',
        description: NTIS_TEXT,
        lang: 'en',
        road_name: null,
        direction: null,
        country_code: 'GB',
        // The group's first member with coordinates (its locationForDisplay); the predefined location has none.
        geometry: { type: 'Point', coordinates: [-0.85464686, 54.108482] },
        starts_at: '2015-04-29T08:32:33.690Z',
        expires_at: '2015-04-29T09:11:51.746Z',
        applies_to: null,
        truck_limits: null,
      },
    }]);
    // Severity `lowest` is low; no end time is null (until further notice).
    const open = parseDatex2Situations(fixture(NTIS_OPEN), 'ntis-open.xml', at).reports[0]!.record;
    assert.deepEqual([open.source_id, open.severity, open.starts_at, open.expires_at, open.geometry.coordinates], ['950105', 'low', '2015-04-29T08:54:33.904Z', null, [-1.331118, 53.246025]]);
  });

  it('the same record id in a later message is the same report (an update); in one file the newer version is kept', () => {
    const a = parseDatex2Situations(fixture(NTIS_A), 'ntis-a.xml', at);
    const b = parseDatex2Situations(fixture(NTIS_B), 'ntis-b.xml', at);
    assert.deepEqual([b.source, b.reports[0]!.record.source_id], [a.source, a.reports[0]!.record.source_id]);
    // Both messages in one document (constructed: the later message's situation after the earlier one's).
    const later = fixture(NTIS_B);
    const situationB = later.slice(later.indexOf('<situation '), later.indexOf('</situation>') + '</situation>'.length);
    const both = fixture(NTIS_A).replace('</situation>', `</situation>\n${situationB}`);
    const parsed = parseDatex2Situations(both, 'both.xml', at);
    assert.equal(parsed.rowsRead, 2);
    assert.equal(parsed.reports.length, 1);
    assert.equal(parsed.reports[0]!.line, 2);
    assert.deepEqual(parsed.rejected, [{ file: 'both.xml', line: 1, reason: "situation record '950098' is superseded by its newer version at line 2" }]);
  });

  it('rejects records located only by Alert-C codes (or an empty location), saying so, and bad times', () => {
    const v35 = parseDatex2Situations(fixture(FI_V35), 'fi.xml', at);
    assert.equal(v35.source, 'datex2-fi');
    assert.deepEqual(v35.reports, []);
    assert.deepEqual(v35.rejected, [
      { file: 'fi.xml', line: 16, reason: "situation record 'GUID5046133001' (TransitInformation): no coordinates (located only by alertCPoint, which needs a location table)" },
    ]);
    const v2 = parseDatex2Situations(fixture(FI_V2), 'fi-works.xml', at);
    assert.equal(v2.rowsRead, 3);
    assert.deepEqual(v2.rejected, [
      { file: 'fi-works.xml', line: 23, reason: "situation record 'GUID5001400701' (RoadOrCarriagewayOrLaneManagement): no coordinates (located only by alertCLinear, which needs a location table); overallEndTime '%ENDTIME%' is not a date-time with a UTC offset" },
      { file: 'fi-works.xml', line: 68, reason: "situation record 'GUID5001400702' (SpeedManagement): no coordinates" },
      { file: 'fi-works.xml', line: 85, reason: "situation record 'GUID5001400703' (MaintenanceWorks): no coordinates" },
    ]);
  });

  // Constructed from the real v3 example: its first record with another type and location, in the schema's terms.
  const first = fixture(V3_ACCIDENTS);
  it('a roadClosed RoadOrCarriagewayOrLaneManagement is a closure; a gmlLineString posList (lat lon) is a LineString [lon, lat]', () => {
    const text = first
      .replace('xsi:type="sit:Accident">', 'xsi:type="sit:RoadOrCarriagewayOrLaneManagement">')
      .replace('<sit:accidentType>collision</sit:accidentType>', '<sit:roadOrCarriagewayOrLaneManagementType>roadClosed</sit:roadOrCarriagewayOrLaneManagementType>')
      .replace('<sit:collisionType>collisionWithAnimal</sit:collisionType>\n', '')
      .replace(/<sit:locationReference xsi:type="loc:PointLocation">[\s\S]*?<\/sit:locationReference>/, '<sit:locationReference xsi:type="loc:LinearLocation"><loc:gmlLineString srsDimension="2"><loc:posList>53.0189 5.2044 53.0201 5.2101</loc:posList></loc:gmlLineString></sit:locationReference>');
    const record = parseDatex2Situations(text, 'closed.xml', at).reports[0]!.record;
    assert.deepEqual([record.condition_type, record.severity, record.description], ['closure', 'critical', 'RoadOrCarriagewayOrLaneManagement: roadClosed']);
    assert.deepEqual(record.geometry, { type: 'LineString', coordinates: [[5.2044, 53.0189], [5.2101, 53.0201]] });
  });

  it('maps the stated severity (record, else situation overallSeverity) onto the four levels', () => {
    const severity = (value: string) =>
      parseDatex2Situations(first.replace('<sit:probabilityOfOccurrence>certain</sit:probabilityOfOccurrence>', `<sit:probabilityOfOccurrence>certain</sit:probabilityOfOccurrence><sit:severity>${value}</sit:severity>`), 's.xml', at).reports[0]!.record.severity;
    assert.deepEqual(['lowest', 'low', 'medium', 'high', 'highest', 'unknown'].map(severity), ['low', 'low', 'moderate', 'major', 'critical', 'major']);
    const overall = first.replace('<sit:situation id="c76fbe31-1042-4b96-9399-a8871c0acf60">', '<sit:situation id="c76fbe31-1042-4b96-9399-a8871c0acf60"><sit:overallSeverity>highest</sit:overallSeverity>');
    assert.equal(parseDatex2Situations(overall, 's.xml', at).reports[0]!.record.severity, 'critical');
  });

  it('takes the source from the operator, then datex2, when the publication names no country (and then rejects its records)', () => {
    const anonymous = first.replace('<com:country>SE</com:country>', '');
    const named = parseDatex2Situations(anonymous, 'x.xml', { ...at, source: 'datex2-nl-ndw' });
    assert.equal(named.source, 'datex2-nl-ndw');
    assert.equal(parseDatex2Situations(anonymous, 'x.xml', at).source, 'datex2');
    assert.equal(named.reports.length, 0);
    assert.match(named.rejected[0]!.reason, /the publication names no supplier country/);
  });

  it('throws on a document that is not DATEX II or holds no SituationPublication', () => {
    assert.throws(() => parseDatex2Situations(fixture('road/gddkia/utrdane_2016-02-25.xml'), 'utrdane.xml', at), /not a DATEX II document/);
    assert.throws(
      () => parseDatex2Situations('<d2LogicalModel xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><payloadPublication xsi:type="ElaboratedDataPublication"/></d2LogicalModel>', 'e.xml', at),
      /no SituationPublication \(payload: ElaboratedDataPublication\)/,
    );
  });

  it('maps record types by meaning', () => {
    assert.deepEqual(
      ['accident', 'maintenanceworks', 'constructionworks', 'abnormaltraffic', 'poorenvironmentconditions', 'animalpresenceobstruction', 'generalobstruction', 'speedmanagement'].map((t) => DATEX2_TYPES[t] ?? 'other'),
      ['accident', 'roadwork', 'roadwork', 'congestion', 'weather', 'hazard', 'hazard', 'other'],
    );
  });
});
