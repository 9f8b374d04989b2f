import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cityNameIn } from '../../../data/geo/city-names.js';
import { lookupCity } from '../../../data/geo/gazetteer.js';
import type { Lang } from '../../../models/languages.js';

const city = (name: string) => lookupCity(name)[0]!;
const names = (lang: Lang, cities: string[]) => cities.map((c) => cityNameIn(city(c), lang));

describe('city names in the reader\'s language', () => {
  it('gives Ukrainian the form with Ukrainian letters, not the Russian or Bulgarian one', () => {
    assert.deepEqual(names('uk', ['Rome', 'Milan', 'Vienna', 'Berlin', 'Warsaw', 'Kyiv', 'Lviv', 'Kharkiv']),
      ['Рим', 'Мілан', 'Відень', 'Берлін', 'Варшава', 'Київ', 'Львів', 'Харків']);
    // No Ukrainian letter tells these apart: the spelling learnt from Ukrainian names does (not Belarusian `Ужгарад`, Russian `Одесса`).
    assert.deepEqual(names('uk', ['Uzhhorod', 'Odesa', 'Przemysl', 'Prague']), ['Ужгород', 'Одеса', 'Перемишль', 'Прага']);
  });

  it('gives Russian, Serbian and Greek their own forms', () => {
    assert.deepEqual(names('ru', ['Rome', 'Milan', 'Vienna', 'Kyiv', 'Lviv', 'London']), ['Рим', 'Милан', 'Вена', 'Киев', 'Львов', 'Лондон'],
      'the most typical form, not the pre-1918 `Римъ` nor another alphabet\'s `Кыив`');
    assert.deepEqual(names('sr', ['Kyiv', 'Naples', 'Rome']), ['Кијев', 'Напуљ', 'Рим']);
    assert.deepEqual(names('el', ['Rome', 'Vienna', 'Kyiv']), ['Ρώμη', 'Βιέννη', 'Κίεβο']);
    assert.deepEqual(names('be', ['Kyiv', 'Lviv']), ['Кіеў', 'Львоў']);
  });

  it('keeps GeoNames\' own name for Latin-script languages and where no name in the script is held', () => {
    for (const lang of ['en', 'de', 'pl', 'it'] as const) assert.deepEqual(names(lang, ['Milan', 'Lviv']), ['Milan', 'Lviv'], lang);
    assert.equal(cityNameIn(city('Udine'), 'el'), 'Udine', 'no Greek name is listed for Udine');
    assert.equal(cityNameIn({ name: 'Nowhere', country_code: 'IT', lat: 0, lon: 0, population: 0 }, 'uk'), 'Nowhere');
  });
});
