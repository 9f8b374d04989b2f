import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadRules } from '../../../data/rules-repo.js';
import { holidaysOf } from '../../../engine/holidays.js';
import { bansBetween, rulesNotEncoded } from '../../../engine/truck-bans.js';
import { tradingSundays } from '../../../engine/trading-sundays.js';
import { appWithKey } from '../../helpers/deps.js';

interface Ban { country_code: string; rule_id: string; date: string; starts_at: string; ends_at: string; regions: string[] | null; holiday: string | null; restriction_type: string }

const app = (t: import('node:test').TestContext, now = '2026-11-22T10:00:00.000Z') => appWithKey(t, { now });

const bansOf = (body: { data: { bans: Ban[] } }, rule?: string) => body.data.bans.filter((b) => !rule || b.rule_id === rule);

describe('trading Sundays', () => {
  const pl = loadRules().tradingSundays.get('PL')!;
  it('match the official Polish calendars of 2024, 2025 and 2026', () => {
    assert.deepEqual(tradingSundays(pl, 2024), ['2024-01-28', '2024-03-24', '2024-04-28', '2024-06-30', '2024-08-25', '2024-12-15', '2024-12-22']);
    assert.deepEqual(tradingSundays(pl, 2025), ['2025-01-26', '2025-04-13', '2025-04-27', '2025-06-29', '2025-08-31', '2025-12-07', '2025-12-14', '2025-12-21']);
    assert.deepEqual(tradingSundays(pl, 2026), ['2026-01-25', '2026-03-29', '2026-04-26', '2026-06-28', '2026-08-30', '2026-12-06', '2026-12-13', '2026-12-20']);
  });
  it('moves April back when its last Sunday is Easter (2095), and serves no year before the encoded rules', () => {
    assert.ok(tradingSundays(pl, 2095)!.includes('2095-04-17'), 'Easter 2095 is 24 April');
    assert.equal(tradingSundays(pl, 2019), null, 'years before the encoded versions are not served');
  });
  it('serves this and next year with next, and says plainly what it does not cover', async (t) => {
    const { get } = await app(t);
    const { status, body } = await get('trading-sundays?country=PL,DE,HR,ES');
    assert.equal(status, 200);
    const [plc, de, hr, es] = body.data.countries;
    assert.equal(plc.next, '2026-12-06');
    assert.equal(plc.trading_sundays.length, 16);
    assert.ok(plc.trading_sundays.includes('2027-03-21'), 'Sunday before Easter 2027 (28 March)');
    assert.deepEqual([de.regulated, de.trading_sundays], [true, []]);
    assert.match(hr.rule, /16 Sundays/);
    assert.deepEqual([es.covered, es.regulated], [false, null]);
  });
  it('gives each country its count of trading Sundays (docs/migrating.md), null where the rule yields no national calendar', async (t) => {
    const { get } = await app(t);
    const { body } = await get('trading-sundays?country=PL,DE,HR,ES');
    const [plc, de, hr, es] = body.data.countries;
    assert.equal(plc.count, 16);
    assert.equal(plc.count, plc.trading_sundays.length);
    assert.deepEqual([de.count, hr.count, es.count], [null, null, null], 'a closure, a per-shop quota, no rule held: no list to count');
    assert.equal(body.data.count, 4, 'countries listed');
  });
});

describe('truck bans', () => {
  it('pins the German summer-Saturday ban to 1 July - 31 August', async (t) => {
    const { get } = await app(t);
    for (const [date, expected] of [['2026-06-27', 0], ['2026-07-04', 1], ['2026-08-29', 1], ['2026-09-05', 0]] as const) {
      assert.equal(bansOf((await get(`truck-bans?country=DE&date=${date}`)).body, 'DE-4').length, expected, date);
    }
  });
  it('bans Polish trucks on the twelve holidays of the regulation and their eves, not on Epiphany or Christmas Eve', async (t) => {
    const { get } = await app(t);
    const at = async (date: string) => (await get(`truck-bans?country=PL&date=${date}`)).body;
    const [christmas] = bansOf(await at('2026-12-25'), 'PL-1');
    assert.deepEqual([christmas!.starts_at, christmas!.ends_at], ['2026-12-25T07:00:00.000Z', '2026-12-25T21:00:00.000Z']);
    assert.equal(bansOf(await at('2026-12-26'), 'PL-1').length, 1);
    // Both are days off in Poland; the regulation's list holds neither, nor their eves.
    for (const date of ['2027-01-06', '2026-12-24', '2027-01-05', '2026-12-23']) {
      const body = await at(date);
      assert.deepEqual(bansOf(body), [], date);
      assert.doesNotMatch(body.data.summary, new RegExp(`from ${date} 08:00`), date);
    }
    assert.equal(bansOf(await at('2026-11-10'), 'PL-2').length, 1, 'the eve of Independence Day, 18:00-22:00');
  });
  it('serves the yearly decrees\' further days of Italy and France for 2026 and says 2027\'s unknown', async (t) => {
    const { get } = await app(t);
    const [peak] = bansOf((await get('truck-bans?country=IT&date=2026-08-08')).body, 'IT-11');
    assert.deepEqual([peak!.starts_at, peak!.ends_at], ['2026-08-08T06:00:00.000Z', '2026-08-08T20:00:00.000Z']);
    assert.equal(bansOf((await get('truck-bans?country=IT&date=2026-04-03')).body, 'IT-5').length, 1, 'Good Friday 14-22');
    const italy2027 = (await get('truck-bans?country=IT&date=2027-07-03')).body.data;
    assert.ok(italy2027.countries[0].not_encoded.some((r: { rule_id: string }) => r.rule_id === 'IT-10'));
    assert.match(italy2027.summary, /IT's .*summer saturdays 08:00-16:00 \(2026 decree\).* encoded for 2026 only/i);
    const [winter] = bansOf((await get('truck-bans?country=FR&date=2026-02-07')).body, 'FR-4');
    assert.deepEqual([winter!.starts_at, winter!.ends_at], ['2026-02-07T06:00:00.000Z', '2026-02-07T17:00:00.000Z']);
    const france2027 = (await get('truck-bans?country=FR&date=2027-02-06')).body.data;
    assert.deepEqual(france2027.countries[0].not_encoded.map((r: { rule_id: string }) => r.rule_id), ['FR-4']);
  });
  it('bans Slovak trucks on 15 September 2027, a day of rest again, and not in 2026, when it was suspended', async (t) => {
    const { get } = await app(t);
    const [day] = bansOf((await get('truck-bans?country=SK&date=2027-09-15')).body, 'SK-4');
    assert.deepEqual([day!.starts_at, day!.ends_at], ['2027-09-14T22:00:00.000Z', '2027-09-15T20:00:00.000Z']);
    // Every year from 2027 (the product serves this year and the next; the rules hold for later ones).
    const sk = loadRules().truckBans.get('SK')!;
    assert.deepEqual(bansBetween(sk, holidaysOf('SK'), '2030-05-08', '2030-05-08').filter((b) => b.rule_id === 'SK-4').map((b) => b.date), ['2030-05-08']);
    assert.deepEqual(rulesNotEncoded(sk, '2030-01-01', '2030-12-31'), []);
    // In 2026 no ban, and known to be none: the law suspended the day for that year, nothing is left unencoded.
    const suspended = (await get('truck-bans?country=SK&date=2026-09-15')).body;
    assert.deepEqual(bansOf(suspended), []);
    assert.equal(suspended.data.countries[0].not_encoded, undefined);
  });
  it('bans Austrian trucks on a public holiday (8 December)', async (t) => {
    const { get } = await app(t);
    const [ban] = bansOf((await get('truck-bans?country=AT&date=2026-12-08')).body, 'AT-3');
    assert.ok(ban);
    assert.deepEqual([ban.restriction_type, ban.starts_at, ban.ends_at], ['holiday', '2026-12-07T23:00:00.000Z', '2026-12-08T21:00:00.000Z']);
  });
  it('applies a regional holiday ban in its regions only', async (t) => {
    const { get } = await app(t);
    const [corpus] = bansOf((await get('truck-bans?country=DE&date=2026-06-04')).body, 'DE-3');
    assert.deepEqual(corpus!.regions, ['BW', 'BY', 'HE', 'NW', 'RP', 'SL']);
    assert.ok(!corpus!.regions!.includes('BE'));
    assert.equal(bansOf((await get('truck-bans?country=DE&date=2026-06-04')).body, 'DE-2').length, 0, 'not a national holiday');
    const [reformation] = bansOf((await get('truck-bans?country=DE&date=2026-10-31')).body, 'DE-3');
    assert.ok(reformation!.regions!.includes('SN') && !reformation!.regions!.includes('BY'));
  });
  it('keeps a ban that crosses midnight with its true start and end', async (t) => {
    const { get } = await app(t);
    // St Stephen's Day (20 August, a Thursday): the Hungarian ban starts at 22:00 the evening before.
    const [eve] = bansOf((await get('truck-bans?country=HU&date=2026-08-19')).body, 'HU-3');
    assert.deepEqual([eve!.date, eve!.starts_at, eve!.ends_at], ['2026-08-20', '2026-08-19T20:00:00.000Z', '2026-08-20T20:00:00.000Z']);
    const [night] = bansOf((await get('truck-bans?country=AT&date=2026-11-24')).body, 'AT-4').filter((b) => b.date === '2026-11-24');
    assert.deepEqual([night!.starts_at, night!.ends_at], ['2026-11-24T21:00:00.000Z', '2026-11-25T04:00:00.000Z']);
  });
  it('gives a Sunday ban on the DST change its real length', async (t) => {
    const { get } = await app(t);
    const [spring] = bansOf((await get('truck-bans?country=AT&date=2026-03-29')).body, 'AT-2');
    assert.equal((Date.parse(spring!.ends_at) - Date.parse(spring!.starts_at)) / 3_600_000, 21);
    const [autumn] = bansOf((await get('truck-bans?country=AT&date=2026-10-25')).body, 'AT-2');
    assert.equal((Date.parse(autumn!.ends_at) - Date.parse(autumn!.starts_at)) / 3_600_000, 23);
  });
  it('says plainly when a country is not covered, and what a road-specific country means', async (t) => {
    const { get } = await app(t);
    const { body } = await get('truck-bans?country=ES,RO,LT');
    const [es, ro, lt] = body.data.countries;
    assert.deepEqual([es.covered, es.coverage], [false, 'not_covered']);
    assert.match(es.note, /not a statement that there are none/);
    assert.deepEqual([ro.covered, ro.coverage], [true, 'road_specific_only']);
    assert.deepEqual([lt.covered, lt.coverage], [true, 'no_general_ban']);
    assert.equal(body.data.bans.length, 0);
  });
  it('never reads a rule encoded for another year as "no ban": Poland\'s summer-holiday bans in 2027 are unknown, said so', async (t) => {
    const { get } = await app(t);
    // 3 July 2027, a Saturday of the Polish summer holidays: the 2026 season's Saturday ban is in the data, 2027's is not.
    const july = (await get('truck-bans?country=PL&date=2027-07-03')).body.data;
    assert.deepEqual(july.countries[0].not_encoded.map((r: { rule_id: string }) => r.rule_id), ['PL-3', 'PL-4', 'PL-5']);
    assert.deepEqual(july.countries[0].not_encoded[0].encoded_years, [2026]);
    assert.match(july.countries[0].note, /Not encoded for these dates \(only for 2026\): PL-3 .*whether they apply is unknown\./);
    assert.match(july.summary, /PL's summer holiday friday ban, summer holiday saturday ban, summer holiday sunday ban are encoded for 2026 only: whether they apply in the period is unknown\./);
    assert.equal(july.bans.length, 0, 'none invented');
    // The established view agrees: neither a status of "none" nor a summary saying no ban applies.
    assert.equal(july.bans_by_country.PL.status, 'unknown');
    assert.doesNotMatch(july.summary, /No ban applies now in PL|No further ban in the period/);
    assert.match(july.summary, /No further ban encoded for the period\./);
    // The encoded year answers as it did: 4 July 2026 has the Saturday ban, and nothing is unknown.
    const encoded = (await get('truck-bans?country=PL&date=2026-07-04')).body.data;
    assert.deepEqual([bansOf({ data: encoded }, 'PL-4').length, encoded.countries[0].not_encoded], [1, undefined]);
    assert.notEqual(encoded.bans_by_country.PL.status, 'unknown');
    // Far from the season (January 2027), nothing to doubt; nor in a country whose seasons recur every year.
    const winter = (await get('truck-bans?country=PL,DE&date=2027-01-12')).body.data;
    assert.deepEqual(winter.countries.map((c: { not_encoded?: unknown }) => c.not_encoded), [undefined, undefined]);
    assert.ok(!Object.values(winter.bans_by_country).some((c) => (c as { status: string }).status === 'unknown'));
    assert.equal((await get('truck-bans?country=DE&date=2027-07-03')).body.data.countries[0].not_encoded, undefined);
  });

  it('defaults to the next 7 days in each zone and lists what is active now', async (t) => {
    const { get } = await app(t, '2026-11-22T10:00:00.000Z'); // a Sunday
    const { body } = await get('truck-bans?country=DE,PL');
    assert.deepEqual([body.data.date_from, body.data.date_to], ['2026-11-22', '2026-11-28']);
    const uncovered = (await get('truck-bans?country=US')).body.data;
    assert.deepEqual([uncovered.date_from, uncovered.date_to], ['2026-11-22', '2026-11-28'], 'the period asked for, covered or not');
    assert.deepEqual(body.data.active_now.map((b: Ban) => b.rule_id), ['DE-1']);
    assert.ok(bansOf(body).every((b) => b.country_code === 'DE'), 'Poland has no Sunday ban and no holiday that week');
    const covered = (await get('truck-bans')).body.data.countries.map((c: { country_code: string }) => c.country_code);
    for (const cc of ['PL', 'DE', 'AT', 'CZ', 'SK', 'HU', 'RO', 'SI', 'HR', 'IT', 'FR', 'BG', 'GR', 'LT', 'UA']) assert.ok(covered.includes(cc), cc);
  });
  it('refuses dates outside the served years and malformed countries', async (t) => {
    const { get } = await app(t);
    assert.equal((await get('truck-bans?date=2031-01-01')).body.error.reason, 'date_out_of_range');
    assert.equal((await get('truck-bans?country=Germany')).status, 400);
  });
  it('names an unknown country once in the message, in a list and alone', async (t) => {
    const { get } = await app(t);
    for (const url of ['truck-bans?country=XX', 'truck-bans?country=DE,XX', 'trading-sundays?country=xx']) {
      const { status, body } = await get(url);
      assert.deepEqual([status, body.error.reason], [400, 'unknown_country'], url);
      assert.equal(body.error.message, "Parameter 'country' 'XX' is not an ISO 3166 country code.", url);
    }
  });
  it('every rule file validates and names its sources', () => {
    const rules = loadRules();
    for (const [country, file] of rules.truckBans) {
      assert.ok(file.sources.length > 0);
      for (const rule of file.rules) assert.ok(rule.source.length > 0, rule.id);
      // A rule's id is public (`rule_id`): one per rule, named for its country.
      const ids = file.rules.map((r) => r.id);
      assert.equal(new Set(ids).size, ids.length, `${country}: ${ids.join(', ')}`);
      assert.ok(ids.every((id) => id.startsWith(`${country}-`)), ids.join(', '));
    }
  });
});
