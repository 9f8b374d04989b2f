import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { countryId } from '../../models/country-param.js';
import { allOr, allOrOne, commaList, decimal, flag, integer, isoDate, lang, latitude, notApplying, oneOf, onlyWhen, ppid, ppidProblem, text } from '../../models/query.js';

const reasonOf = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  assert.equal(r.success, false, `expected ${JSON.stringify(value)} to be refused`);
  return (r.error!.issues[0] as { params?: { reason?: string } }).params?.reason;
};

describe('decimal and integer', () => {
  it('accept plain decimal literals and numbers', () => {
    assert.equal(decimal().parse('-3.5'), -3.5);
    assert.equal(decimal().parse('12'), 12);
    assert.equal(decimal().parse(7.25), 7.25);
    assert.equal(integer(1, 10).parse('10'), 10);
  });
  it('refuse empty, hex, exponent, padded and infinite values', () => {
    for (const bad of ['', '0x10', '1e400', ' 1 ', '1 ', '+1', 'NaN', 'Infinity', '1.', '.5', '1,5']) {
      assert.equal(reasonOf(decimal(), bad), 'not_a_number', bad);
    }
    assert.equal(decimal().safeParse(Infinity).success, false);
  });
  it('read as many digits as a client prints (a double: 16-17), and call a value too large out of range, not "not a number"', () => {
    assert.equal(decimal().parse('3.7836774447446024'), 3.7836774447446024);
    assert.equal(latitude().parse('51.041611053018244'), 51.041611053018244);
    assert.equal(reasonOf(integer(1, 1000), '99999999999999999999'), 'out_of_range');
    assert.equal(reasonOf(decimal(-180, 180), '1234567890123456.5'), 'out_of_range');
    assert.equal(reasonOf(decimal(), `1.${'0'.repeat(70)}`), 'too_long');
  });
  it('turns -0 into 0', () => {
    assert.ok(Object.is(decimal().parse('-0'), 0));
  });
  it('enforces bounds and integrality', () => {
    assert.equal(reasonOf(integer(1, 10), '11'), 'out_of_range');
    assert.equal(reasonOf(integer(1, 10), '0'), 'out_of_range');
    assert.equal(reasonOf(integer(1, 10), '2.5'), 'not_a_number');
    assert.equal(reasonOf(integer(1, 10), 2.5), 'not_an_integer');
    assert.equal(reasonOf(latitude(), '90.5'), 'out_of_range');
  });
  it('says the range, or the words given for a parameter that takes only some numbers in it', () => {
    const messageOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;
    assert.equal(messageOf(integer(1, 10), '11'), 'must be between 1 and 10');
    assert.equal(messageOf(integer(24, 168, 'must be 24 or 168'), '200'), 'must be 24 or 168');
    assert.equal(reasonOf(integer(24, 168, 'must be 24 or 168'), '0'), 'out_of_range', 'the reason stays');
  });
});

describe('text', () => {
  it('normalises to NFC and trims', () => {
    assert.equal(text().parse(' Rawa Rus\u0301ka '), 'Rawa Rus\u0301ka'.normalize('NFC'));
  });
  it('refuses control, bidi-override, zero-width and lone-surrogate characters', () => {
    for (const bad of ['a\u202Eb', 'a\u0000', 'a\u200Db', '\uD800x', 'x\uDC00', '\uFFFD']) {
      assert.equal(reasonOf(text(), bad), 'forbidden_characters', JSON.stringify(bad));
    }
  });
  it('refuses empty and overlong values', () => {
    assert.equal(reasonOf(text(), '  '), 'empty_value');
    assert.equal(reasonOf(text(5), 'abcdef'), 'too_long');
  });
});

describe('commaList', () => {
  const list = commaList(ppid(), 3, 'too_many_ppids');
  it('splits, trims, drops empties and de-duplicates in order', () => {
    assert.deepEqual(list.parse('id_2, id_1,,id_2'), ['id_2', 'id_1']);
  });
  it('caps the count before parsing the items', () => {
    assert.equal(reasonOf(list, 'x,y,z,w'), 'too_many_ppids');
  });
  it('caps distinct values: a value repeated past the cap is one value (cost and cap both count after de-duplication)', () => {
    assert.deepEqual(list.parse(Array.from({ length: 25 }, () => 'id_214').join(',')), ['id_214']);
    assert.deepEqual(list.parse(['id_1', 'id_2', 'id_1', 'id_3', 'id_2']), ['id_1', 'id_2', 'id_3']);
    assert.equal(reasonOf(list, 'id_1,id_2,id_3,id_4,id_1'), 'too_many_ppids');
    assert.match(list.safeParse('id_1,id_2,id_3,id_4,id_1').error!.issues[0]!.message, /at most 3 distinct values \(got 4\)/);
  });
  it('reports the first bad item with its own reason', () => {
    assert.equal(reasonOf(list, 'id_1,nope'), 'malformed_ppid');
    assert.deepEqual(commaList(integer(), 3, 'too_many').parse(7), [7], 'a number from a JSON transport');
    assert.deepEqual(commaList(integer(), 3, 'too_many').parse([3, '2']), [3, 2]);
  });
});

describe('flag, ppid, dates, countries, enums', () => {
  it('reads only 1/0/true/false as booleans', () => {
    assert.equal(flag().parse('false'), false);
    assert.equal(flag().parse('1'), true);
    assert.equal(reasonOf(flag(), 'yes'), 'not_a_boolean');
  });
  it('checks ppids, calendar dates and enums', () => {
    assert.equal(ppid().parse('id_42'), 'id_42');
    assert.equal(reasonOf(ppid(), 'id_'), 'malformed_ppid');
    // One spelling per checkpoint: digits without leading zeros (docs/migrating.md).
    assert.equal(reasonOf(ppid(), 'id_0214'), 'malformed_ppid');
    assert.match(ppid().safeParse('id_0214').error!.issues[0]!.message, /without leading zeros \(id_214\)/);
    assert.equal(reasonOf(ppid(), 'id_00'), 'malformed_ppid');
    // Past nine digits no checkpoint is named: id_01234567890 is not id_123456789 with its zero dropped.
    assert.equal(ppid().safeParse('id_01234567890').error!.issues[0]!.message, 'must look like id_123');
    assert.equal(ppidProblem('id_0123456789'), 'must be written without leading zeros (id_123456789)');
    assert.equal(ppidProblem('id_42'), null);
    assert.equal(ppid().parse('id_0'), 'id_0');
    assert.equal(ppid().parse('id_214'), 'id_214');
    assert.equal(isoDate().parse('2024-02-29'), '2024-02-29');
    assert.equal(reasonOf(isoDate(), '2023-02-29'), 'malformed_date');
    assert.equal(reasonOf(oneOf(['hourly', 'daily']), 'weekly'), 'invalid_value');
  });
});

describe('lang', () => {
  it('resolves region tags to the supported primary language', () => {
    assert.deepEqual(lang().parse('pl-PL'), { lang: 'pl', requested: 'pl-PL', fallback: false });
  });
  it("falls back to the product's default for unsupported tags and says so (contract: the product's default)", () => {
    assert.deepEqual(lang('uk').parse('ja'), { lang: 'uk', requested: 'ja', fallback: true });
    assert.deepEqual(lang('en').parse('ja'), { lang: 'en', requested: 'ja', fallback: true });
  });
  it('uses the product default when absent', () => {
    assert.equal(lang('uk').parse(undefined).lang, 'uk');
  });
  it('refuses what is not a language tag', () => {
    assert.equal(reasonOf(lang(), 'en_US!'), 'malformed_lang');
  });
});

describe('all, or a value', () => {
  it('reads all in any case, beside case-insensitive codes', () => {
    const destinations = allOr(commaList(countryId(), 23, 'too_many_countries'));
    for (const word of ['all', 'ALL', 'All']) assert.equal(destinations.parse(word), 'all', word);
    assert.deepEqual(destinations.parse('pl,SK'), [2, 3]);
    const dest = allOrOne(countryId([1, 2, 3, 4, 5, 6]));
    for (const word of ['all', 'ALL', 'aLl']) assert.equal(dest.parse(word), 'all', word);
    assert.equal(dest.parse('pl'), 2);
    assert.equal(dest.parse(3), 3, 'a number from a JSON transport');
  });
  it("gives one country's own reasons: unknown_country for a code naming no country here, malformed_country for no code", () => {
    const dest = allOrOne(countryId([1, 2, 3, 4, 5, 6]));
    for (const code of ['XX', 'xx', 'DE', '7']) assert.equal(reasonOf(dest, code), 'unknown_country', code);
    assert.match(dest.safeParse('XX').error!.issues[0]!.message, /^'XX' is not one of the countries this parameter takes \(1 UA, 2 PL, 3 SK, 4 HU, 5 RO, 6 MD\)$/);
    for (const bad of ['alle', 'P1', 'POL']) assert.equal(reasonOf(dest, bad), 'malformed_country', bad);
  });
});

describe('onlyWhen', () => {
  const shape = {
    mode: oneOf(['a', 'b']).default('a'),
    x: onlyWhen(integer().optional().describe('mode=b: x'), 'mode', ['b']),
    y: integer().optional(),
  };
  it('names the given parameters that do not apply to the parsed input, with where they apply', () => {
    assert.deepEqual(notApplying(shape, { mode: 'b', x: 1 }, ['mode', 'x']), []);
    assert.deepEqual(notApplying(shape, { mode: 'a', x: 1, y: 2 }, ['mode', 'x', 'y']),
      [{ name: 'x', note: "'x' applies only with mode=b (this call: mode=a); it was ignored." }]);
    assert.deepEqual(notApplying(shape, { mode: 'a' }, ['z', 'constructor']), [], 'unknown names are not its business');
  });
});
