import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createNameIndex, nameKeys } from '../../../data/directory/name-index.js';
import { transcribePolish } from '../../../data/directory/polish-transcription.js';
import { skeleton } from '../../../data/directory/skeleton.js';
import { typesFromDpsuText, typesFromEcherhaTitle } from '../../../data/directory/vehicle-types.js';
import { Directory } from '../../../models/directory.js';
import { LANGUAGES } from '../../../models/languages.js';
import { readFileSync } from 'node:fs';
import { bundledPath } from '../../../data/seed.js';

describe('vehicle types from published texts', () => {
  it('reads the DPSU character texts of real crossings', () => {
    assert.deepEqual([...typesFromDpsuText('вантажний, лише вантажні понад 7.5 т та автобуси (пропуску пішоходів не здійснюється)', 'міжнародний')].sort(), [6, 9]);
    assert.deepEqual([...typesFromDpsuText('пасажирський, вантажний до 7,5 т (з 15.06.2022 по 14.12.2022), пасажирські автобуси, легкові автомобілі, пішохідний ((пропуск пішоходів не здійснюється))', '')].sort(), [4, 6, 8]);
    assert.deepEqual([...typesFromDpsuText('пасажирський, вантажний, пасажирські автобуси, легкові автомобілі, пішохідний (пропуск пішоходів не здійснюється))', '')].sort(), [4, 6, 8, 9]);
  });
  it('reads eCherha queue titles', () => {
    assert.deepEqual(typesFromEcherhaTitle('Грушів – Будомєж (для вантажівок ≤ 7,5 тонн)'), { types: [8], special: false });
    assert.deepEqual(typesFromEcherhaTitle('Ягодин – Дорогуськ (для порожніх вантажівок ≥ 7,5 тонн)'), { types: [9], special: true });
    assert.deepEqual(typesFromEcherhaTitle('Порубне – Сірет (для вантажівок ≥ 3,5 тонн)'), { types: [8, 9], special: false });
    assert.deepEqual(typesFromEcherhaTitle('Угринів – Долгобичув (для вантажівок ≥ 3,5 тонн до ≤ 7,5 тонн)'), { types: [8], special: false });
    assert.deepEqual(typesFromEcherhaTitle('Краківець – Корчова. Автобуси'), { types: [6], special: false });
  });
});

describe('the bundled directory', () => {
  const directory = Directory.parse(JSON.parse(readFileSync(bundledPath('directory.json'), 'utf8')));
  it('covers every Ukrainian road crossing with PL, SK, HU, RO and MD, both directions', () => {
    const byCountry: Record<string, number> = {};
    for (const l of directory.locations) byCountry[l.neighbour] = (byCountry[l.neighbour] ?? 0) + 1;
    assert.deepEqual(byCountry, { PL: 9, SK: 3, HU: 6, RO: 7, MD: 15 });
    for (const l of directory.locations) {
      const exits = l.checkpoints.filter((c) => c.origin === 1).length;
      assert.equal(exits * 2, l.checkpoints.length, `${l.key}: every type in both directions`);
      assert.ok(l.checkpoints.every((c) => c.types_basis.length > 0));
    }
  });
  it('has a name in each of the 24 languages for every location, derived names flagged', () => {
    for (const l of directory.locations) {
      for (const lang of LANGUAGES) assert.ok(l.names.some((n) => n.lang === lang && n.primary), `${l.key} ${lang}`);
      assert.ok(l.names.filter((n) => n.method.startsWith('translit')).every((n) => !n.official));
    }
    const dorohusk = directory.locations.find((l) => l.key === 'dorohusk-jagodzin')!;
    assert.deepEqual([...new Set(dorohusk.checkpoints.map((c) => c.crossing_type))], [6, 9], 'trucks over 7.5 t and buses only');
    assert.equal(dorohusk.checkpoints.find((c) => c.origin === 2)!.timezone, 'Europe/Warsaw');
    assert.equal(dorohusk.checkpoints.find((c) => c.origin === 1)!.timezone, 'Europe/Kyiv');
  });

  it("names a crossing in a Latin-script language without a published name by the published English one: each side as its country spells it", () => {
    const primary = (key: string, lang: string) => directory.locations.find((l) => l.key === key)!.names.find((n) => n.lang === lang && n.primary)!;
    for (const lang of ['de', 'sk', 'hu', 'ro', 'lt']) {
      assert.deepEqual([primary('vysne-nemecke-uzhorod', lang).name, primary('vysne-nemecke-uzhorod', lang).method], ['Vysne Nemecke-Uzhorod', 'latin-shared'], lang);
      assert.equal(primary('chop-zahony', lang).name, 'Chop-Zahony', lang);
      assert.equal(primary('diakove-halmeu', lang).name, 'Diakove-Halmeu', lang);
    }
    assert.equal(primary('medyka-shehyni', 'pl').name, 'Medyka', 'a published name is kept');
    assert.equal(primary('medyka-shehyni', 'de').name, 'Medyka-Shehyni', 'not the Ukrainian name romanised (Shehyni - Medyka)');
    const chop = directory.locations.find((l) => l.key === 'chop-zahony')!.names;
    assert.ok(chop.some((n) => n.lang === 'de' && !n.primary && n.name === 'Chop - Zakhon' && n.method === 'translit-kmu2010'),
      'the romanised name stays as a further name, for search');
  });
});

describe('name search', () => {
  it('folds case, diacritics and Cyrillic/Latin spellings to one key', () => {
    assert.equal(skeleton('Рава-Руська'), skeleton('rawa ruska'));
    assert.equal(skeleton('Rava Ruska'), skeleton('RAWA-RUSKA'));
    assert.equal(skeleton('Хребенне'), skeleton('Hrebenne'));
    assert.equal(skeleton('Záhony'), skeleton('Zahony'));
  });
  it('matches whole names, parts and near spellings, best first', () => {
    const index = createNameIndex([
      { location_id: 1, lang: 'en', name: 'Rawa Ruska-Hrebenne' },
      { location_id: 7, lang: 'pl', name: 'Dołhobyczów' },
      { location_id: 9, lang: 'en', name: 'Chop-Zahony' },
    ]);
    assert.deepEqual(index.search('Хребенне').map((m) => m.location_id), [1]);
    assert.deepEqual(index.search('Dolhobyczow').map((m) => m.location_id), [7]);
    assert.deepEqual(index.search('Долгобичув').map((m) => m.location_id), [7], 'a near spelling in another script');
    assert.deepEqual(index.search('Záhony').map((m) => m.location_id), [9]);
    assert.deepEqual(index.search('Paris'), []);
  });
  it('matches only from the start of a word: a name inside another word is not found', () => {
    const index = createNameIndex([
      { location_id: 4, lang: 'uk', name: 'Краківець - Корчова' },
      { location_id: 4, lang: 'en', name: 'Krakovets-Korczowa' },
      { location_id: 4, lang: 'pl', name: 'Korczowa' },
      { location_id: 22, lang: 'uk', name: 'Дяківці – Раковець' },
      { location_id: 22, lang: 'en', name: 'Diakivtsi - Racovat' },
      { location_id: 1, lang: 'en', name: 'Rawa Ruska-Hrebenne' },
    ]);
    const ids = (q: string) => index.search(q).map((m) => m.location_id);
    // `Раковець` (rakovets) is inside `krakovets`, and most of its trigrams are too: neither makes it a match.
    for (const q of ['Krakovets', 'Краківець', 'Krakivets', 'Krakowiec', 'Krakiweć', 'krakovets korczowa']) assert.deepEqual(ids(q), [4], q);
    for (const q of ['Rakovets', 'Раковець', 'Racovat']) assert.deepEqual(ids(q), [22], q);
    // Prefixes of a word, whole later words, and near spellings that start as the word does still match.
    for (const q of ['Krak', 'Крак', 'Korcz', 'Корчова', 'Krkovets', 'Krakovetz']) assert.deepEqual(ids(q), [4], q);
    assert.deepEqual(ids('Hreb'), [1]);
    assert.deepEqual(ids('Ruska Hrebenne'), [1]);
    for (const q of ['akovets', 'orczowa', 'ebenne', 'Ruska Rebenne']) assert.deepEqual(ids(q), [], q);
  });
});

describe('Polish spellings of Ukrainian names', () => {
  it('transcribes Ukrainian into Polish as the published rules do (PWN [319] 78.B examples)', () => {
    const examples: [string, string][] = [
      ['книга', 'knyha'], ['ґрунт', 'grunt'], ['наллєш', 'nallesz'], ['ліжко', 'liżko'], ['Львів', 'Lwiw'],
      ['Леся', 'Łesia'], ['молодиця', 'mołodycia'], ['вилки', 'wyłky'], ['орел', 'oreł'], ['лишити', 'łyszyty'],
      ['сіль', 'sil'], ['їхати', 'jichaty'], ['мої', 'moji'], ['з’їсти', 'zjisty'], ['Євген', 'Jewhen'], ['моє', 'moje'],
      ['п’є', 'pje'], ['синє', 'synie'], ['Ярошенко', 'Jaroszenko'], ['заява', 'zajawa'], ['п’яний', 'pjanyj'],
      ['Лященко', 'Laszczenko'], ['дякую', 'diakuju'], ['Юрченко', 'Jurczenko'], ['мою', 'moju'], ['в’ючити', 'wjuczyty'],
      ['люблю', 'lublu'], ['сюди', 'siudy'], ['князь', 'kniaź'], ['будьте', 'bud´te'], ['грудь', 'hrud´'], ['сьогодні', 'siohodni'],
    ];
    for (const [uk, pl] of examples) assert.equal(transcribePolish(uk), pl, uk);
  });
  it('gives the Polish transcription of the checkpoint names', () => {
    assert.deepEqual(
      ['Шегині', 'Рава-Руська', 'Ягодин', 'Устилуг', 'Краківець', 'Грушів', 'Смільниця', 'Угринів', 'Чоп - Захонь', 'Могилів-Подільський', 'ЩО'].map(transcribePolish),
      ['Szehyni', 'Rawa-Ruśka', 'Jahodyn', 'Ustyłuh', 'Krakiweć', 'Hrusziw', 'Smilnycia', 'Uhryniw', 'Czop - Zachoń', 'Mohyliw-Podilśkyj', 'SZCZO'],
    );
  });
  it('folds Polish digraphs, g/h and the -ów/-ів suffix to the same skeleton as the Ukrainian forms', () => {
    assert.equal(skeleton('Szehyni'), skeleton('Shehyni'));
    assert.equal(skeleton('Ustyłuh'), skeleton('Устилуг'));
    assert.equal(skeleton('Krakiweć'), skeleton('Краківець'));
    assert.equal(skeleton('Hruszów'), skeleton('Грушів'));
    assert.equal(skeleton('Hruszew'), skeleton('Hrushiv'));
    assert.equal(skeleton('Ugrynów'), skeleton('Угринів'));
    assert.equal(skeleton('Jahodyn'), skeleton('Jagodyn'));
    assert.equal(skeleton('Dołhobyczów'), skeleton('Долгобичув'));
    assert.equal(skeleton('bud´te'), 'budte', 'the soft mark is not a word break');
  });
  it('indexes a Cyrillic name under its Polish transcription too', () => {
    assert.deepEqual(nameKeys('Хуст'), [skeleton('Khust'), skeleton('Chust')]);
    assert.deepEqual(nameKeys('Khust'), [skeleton('Khust')], 'Latin names keep one key');
    const index = createNameIndex([
      { location_id: 1, lang: 'uk', name: 'Хуст' },
      { location_id: 2, lang: 'uk', name: 'Шегині - Медика' },
      { location_id: 3, lang: 'uk', name: 'Грушів - Будомєж' },
    ]);
    // Polish ch is х, English ch is ч: `Chust` meets `Хуст` only through the Polish transcription.
    assert.deepEqual(index.search('Chust').map((m) => m.location_id), [1]);
    assert.deepEqual(index.search('Khust').map((m) => m.location_id), [1]);
    assert.equal(index.search('Chust')[0]!.matched_name, 'Хуст', 'the stored name is reported, not the derived key');
    assert.deepEqual(index.search('Szeginie').map((m) => m.location_id), [2]);
    assert.deepEqual(index.search('Hruszew').map((m) => m.location_id), [3]);
    assert.deepEqual(index.search('Hruszów').map((m) => m.location_id), [3]);
    assert.deepEqual(index.search('Atlantis'), []);
  });
});
