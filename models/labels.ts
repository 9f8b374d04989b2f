/**
 * Labels a product prints beside a code, in the 24 languages: vehicle types (`crossing_type_label`), the unit
 * of a series (`unit_label`) and the sources of queue readings (`source_label`). Weekday, month and country
 * names come from Intl; these have no Intl form, so they are data, one row per language. English is the
 * contract's wording (`CROSSING_TYPES`, the sources' stored labels).
 */
import { CROSSING_TYPES, type CrossingType } from './codes.js';
import type { Lang } from './languages.js';

/** Per language: vehicle types 4-9; units vehicles, minutes; sources eCherha, DPSU, granica; the replayed sample's suffix. */
type Row = readonly [types: readonly [string, string, string, string, string, string], units: readonly [string, string],
  sources: readonly [string, string, string, string]];

const LABELS: Readonly<Record<Lang, Row>> = {
  en: [['car', 'taxfree car', 'bus', 'pedestrian', 'truck under 7.5 t', 'truck'], ['vehicles', 'minutes'],
    ['eCherha electronic queue (Ukraine)', 'State Border Guard Service of Ukraine', 'Polish Border Guard (granica.gov.pl)', ', recorded sample replayed']],
  uk: [['легковий автомобіль', 'легковий автомобіль tax-free', 'автобус', 'пішохід', 'вантажівка до 7,5 т', 'вантажівка'], ['транспортні засоби', 'хвилини'],
    ['Електронна черга єЧерга (Україна)', 'Державна прикордонна служба України', 'Прикордонна служба Польщі (granica.gov.pl)', ', записаний зразок, відтворений']],
  pl: [['samochód osobowy', 'samochód osobowy tax-free', 'autobus', 'pieszy', 'ciężarówka do 7,5 t', 'ciężarówka'], ['pojazdy', 'minuty'],
    ['Elektroniczna kolejka eCherha (Ukraina)', 'Państwowa Służba Graniczna Ukrainy', 'Straż Graniczna RP (granica.gov.pl)', ', nagrana próbka odtwarzana']],
  sk: [['osobné auto', 'osobné auto tax-free', 'autobus', 'chodec', 'nákladné auto do 7,5 t', 'nákladné auto'], ['vozidlá', 'minúty'],
    ['Elektronický rad eCherha (Ukrajina)', 'Štátna pohraničná služba Ukrajiny', 'Poľská pohraničná stráž (granica.gov.pl)', ', zaznamenaná vzorka prehrávaná']],
  hu: [['személyautó', 'személyautó (tax-free)', 'autóbusz', 'gyalogos', '7,5 t alatti teherautó', 'teherautó'], ['jármű', 'perc'],
    ['eCherha elektronikus sor (Ukrajna)', 'Ukrajna Állami Határőrszolgálata', 'Lengyel Határőrség (granica.gov.pl)', ', rögzített minta visszajátszva']],
  ro: [['autoturism', 'autoturism tax-free', 'autocar', 'pieton', 'camion sub 7,5 t', 'camion'], ['vehicule', 'minute'],
    ['Coada electronică eCherha (Ucraina)', 'Serviciul de Stat de Pază a Frontierei al Ucrainei', 'Poliția de Frontieră poloneză (granica.gov.pl)', ', eșantion înregistrat redat']],
  ru: [['легковой автомобиль', 'легковой автомобиль tax-free', 'автобус', 'пешеход', 'грузовик до 7,5 т', 'грузовик'], ['транспортные средства', 'минуты'],
    ['Электронная очередь eCherha (Украина)', 'Государственная пограничная служба Украины', 'Пограничная служба Польши (granica.gov.pl)', ', записанный образец, воспроизводится']],
  be: [['легкавы аўтамабіль', 'легкавы аўтамабіль tax-free', 'аўтобус', 'пешаход', 'грузавік да 7,5 т', 'грузавік'], ['транспартныя сродкі', 'хвіліны'],
    ['Электронная чарга eCherha (Украіна)', 'Дзяржаўная памежная служба Украіны', 'Памежная служба Польшчы (granica.gov.pl)', ', запісаны ўзор, прайграецца']],
  lt: [['lengvasis automobilis', 'lengvasis automobilis (tax-free)', 'autobusas', 'pėsčiasis', 'sunkvežimis iki 7,5 t', 'sunkvežimis'], ['transporto priemonės', 'minutės'],
    ['Elektroninė eilė eCherha (Ukraina)', 'Ukrainos valstybės sienos apsaugos tarnyba', 'Lenkijos pasienio apsauga (granica.gov.pl)', ', įrašytas pavyzdys, atkuriamas']],
  lv: [['vieglais auto', 'vieglais auto (tax-free)', 'autobuss', 'gājējs', 'kravas auto līdz 7,5 t', 'kravas auto'], ['transportlīdzekļi', 'minūtes'],
    ['eCherha elektroniskā rinda (Ukraina)', 'Ukrainas Valsts robežsardzes dienests', 'Polijas Robežsardze (granica.gov.pl)', ', ierakstīts paraugs, atskaņots']],
  et: [['sõiduauto', 'sõiduauto (tax-free)', 'buss', 'jalakäija', 'veoauto kuni 7,5 t', 'veoauto'], ['sõidukid', 'minutid'],
    ['eCherha elektrooniline järjekord (Ukraina)', 'Ukraina Riiklik Piirivalveteenistus', 'Poola piirivalve (granica.gov.pl)', ', salvestatud näidis, taasesitatud']],
  sl: [['osebni avtomobil', 'osebni avtomobil (tax-free)', 'avtobus', 'pešec', 'tovornjak do 7,5 t', 'tovornjak'], ['vozila', 'minute'],
    ['Elektronska čakalna vrsta eCherha (Ukrajina)', 'Državna mejna straža Ukrajine', 'Poljska mejna straža (granica.gov.pl)', ', posnet vzorec, predvajan znova']],
  bg: [['лек автомобил', 'лек автомобил tax-free', 'автобус', 'пешеходец', 'камион до 7,5 т', 'камион'], ['превозни средства', 'минути'],
    ['Електронна опашка eCherha (Украйна)', 'Държавна гранична служба на Украйна', 'Полска гранична охрана (granica.gov.pl)', ', записана извадка, възпроизведена']],
  sr: [['путничко возило', 'путничко возило tax-free', 'аутобус', 'пешак', 'камион до 7,5 т', 'камион'], ['возила', 'минути'],
    ['Електронски ред eCherha (Украјина)', 'Државна гранична служба Украјине', 'Пољска гранична стража (granica.gov.pl)', ', снимљени узорак, поново пуштен']],
  tr: [['otomobil', 'tax-free otomobil', 'otobüs', 'yaya', '7,5 t altı kamyon', 'kamyon'], ['araç', 'dakika'],
    ['eCherha elektronik sırası (Ukrayna)', 'Ukrayna Devlet Sınır Muhafız Servisi', 'Polonya Sınır Muhafızları (granica.gov.pl)', ', kaydedilmiş örnek, yeniden oynatılıyor']],
  mk: [['патничко возило', 'патничко возило tax-free', 'автобус', 'пешак', 'камион до 7,5 т', 'камион'], ['возила', 'минути'],
    ['Електронска редица eCherha (Украина)', 'Државна гранична служба на Украина', 'Полска гранична стража (granica.gov.pl)', ', снимен примерок, повторно пуштен']],
  hr: [['osobni automobil', 'osobni automobil (tax-free)', 'autobus', 'pješak', 'kamion do 7,5 t', 'kamion'], ['vozila', 'minute'],
    ['Elektronički red eCherha (Ukrajina)', 'Državna granična služba Ukrajine', 'Poljska granična straža (granica.gov.pl)', ', snimljeni uzorak, ponovno reproduciran']],
  bs: [['putničko vozilo', 'putničko vozilo (tax-free)', 'autobus', 'pješak', 'kamion do 7,5 t', 'kamion'], ['vozila', 'minute'],
    ['Elektronski red eCherha (Ukrajina)', 'Državna granična služba Ukrajine', 'Poljska granična straža (granica.gov.pl)', ', snimljeni uzorak, ponovo pušten']],
  de: [['Pkw', 'Pkw (tax-free)', 'Bus', 'Fußgänger', 'Lkw unter 7,5 t', 'Lkw'], ['Fahrzeuge', 'Minuten'],
    ['Elektronische Warteschlange eCherha (Ukraine)', 'Staatlicher Grenzschutzdienst der Ukraine', 'Polnischer Grenzschutz (granica.gov.pl)', ', aufgezeichnete Stichprobe, wiedergegeben']],
  el: [['επιβατικό αυτοκίνητο', 'επιβατικό αυτοκίνητο tax-free', 'λεωφορείο', 'πεζός', 'φορτηγό έως 7,5 t', 'φορτηγό'], ['οχήματα', 'λεπτά'],
    ['Ηλεκτρονική ουρά eCherha (Ουκρανία)', 'Κρατική Υπηρεσία Συνοριοφυλακής της Ουκρανίας', 'Πολωνική Συνοριοφυλακή (granica.gov.pl)', ', καταγεγραμμένο δείγμα σε αναπαραγωγή']],
  it: [['autovettura', 'autovettura tax-free', 'autobus', 'pedone', 'camion sotto 7,5 t', 'camion'], ['veicoli', 'minuti'],
    ['Coda elettronica eCherha (Ucraina)', "Servizio statale della guardia di frontiera dell'Ucraina", 'Guardia di frontiera polacca (granica.gov.pl)', ', campione registrato riprodotto']],
  sq: [['makinë', 'makinë tax-free', 'autobus', 'këmbësor', 'kamion nën 7,5 t', 'kamion'], ['automjete', 'minuta'],
    ['Radha elektronike eCherha (Ukrainë)', 'Shërbimi Shtetëror i Kufirit të Ukrainës', 'Policia Kufitare Polake (granica.gov.pl)', ', mostër e regjistruar, e riprodhuar']],
  cs: [['osobní auto', 'osobní auto (tax-free)', 'autobus', 'chodec', 'nákladní auto do 7,5 t', 'nákladní auto'], ['vozidla', 'minuty'],
    ['Elektronická fronta eCherha (Ukrajina)', 'Státní pohraniční služba Ukrajiny', 'Polská pohraniční stráž (granica.gov.pl)', ', zaznamenaný vzorek, přehrávaný']],
  fr: [['voiture', 'voiture (détaxe)', 'autocar', 'piéton', 'camion de moins de 7,5 t', 'camion'], ['véhicules', 'minutes'],
    ["File d'attente électronique eCherha (Ukraine)", "Service national des gardes-frontières d'Ukraine", 'Garde-frontières polonais (granica.gov.pl)', ', échantillon enregistré rejoué']],
};

/** The vehicle type's label in `lang` (English: the contract's `car`, `truck under 7.5 t`, ...). */
export function crossingTypeLabel(type: number, lang: Lang): string {
  if (lang === 'en') return CROSSING_TYPES[type as CrossingType];
  return LABELS[lang][0][type - 4] ?? CROSSING_TYPES[type as CrossingType];
}

/** A series' unit (`vehicles` or `minutes`, the machine value) as a word in `lang`. */
export function unitLabel(unit: 'vehicles' | 'minutes', lang: Lang): string {
  return LABELS[lang][1][unit === 'vehicles' ? 0 : 1];
}

const UPSTREAMS = ['echerha', 'dpsu', 'granica'] as const;

/**
 * A source of readings named in `lang`: the three upstream feeds by their name in that language (their
 * replayed sample with the suffix saying so); any other source (an operator's import) by its own `stored`
 * label, which is a name, not a word to translate.
 */
export function sourceLabel(source: string, stored: string, lang: Lang): string {
  const replayed = source.startsWith('sample.');
  const at = UPSTREAMS.indexOf((replayed ? source.slice(7) : source) as (typeof UPSTREAMS)[number]);
  if (at < 0 || lang === 'en') return stored;
  const row = LABELS[lang][2];
  return replayed ? `${row[at]}${row[3]}` : row[at]!;
}
