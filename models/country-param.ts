/**
 * Country parameters, in either of the two forms clients use: the interface's numbering (1-23, `2` is
 * Poland) or ISO 3166-1 alpha-2 (`PL`). A numbered parameter also takes the ISO-2 code of a numbered
 * country; an ISO parameter also takes a number. Codes that name no country are refused, never
 * answered as an empty country.
 */
import { z } from 'zod';
import { COUNTRY_ISO2, countryCodeOf } from './codes.js';
import { echoed } from './errors.js';
import { reject } from './query.js';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
const NUMBER = /^\d{1,2}$/;
const ISO2 = /^[A-Za-z]{2}$/;

/**
 * A numbered country (1-23), given as its number or its ISO-2 code; `within` narrows the numbers allowed,
 * and `among` says what they are, in the refusal of one outside them.
 */
export const countryId = (within: readonly number[] = Object.keys(COUNTRY_ISO2).map(Number), among = 'the countries this parameter takes') =>
  z.union([z.number(), z.string()]).transform((raw, ctx) => {
    const text = String(raw);
    const id = NUMBER.test(text) ? Number(text) : ISO2.test(text) ? countryCodeOf(text) : undefined;
    if (id === undefined) return reject(ctx, 'must be a country number (1-23) or an ISO-2 code such as PL', 'malformed_country');
    if (id === null || !within.includes(id)) {
      return reject(ctx, `'${echoed(text, 8)}' is not one of ${among} (${within.map((n) => `${n} ${COUNTRY_ISO2[n]}`).join(', ')})`, 'unknown_country');
    }
    return id;
  });

/** An ISO 3166-1 alpha-2 country (upper-cased), given as ISO-2 or as a numbered country (`2` = PL). */
export const isoCountry = () =>
  z.union([z.number(), z.string()]).transform((raw, ctx) => {
    const text = String(raw);
    if (NUMBER.test(text)) {
      const iso = COUNTRY_ISO2[Number(text)];
      return iso ?? reject(ctx, `'${text}' is not a country number (1-23)`, 'unknown_country');
    }
    if (!ISO2.test(text)) return reject(ctx, 'must be an ISO-2 country code such as PL, or a country number', 'malformed_country');
    const iso = text.toUpperCase();
    // Intl (CLDR) knows every assigned code and the user-assigned XK; XX, QQ, AA name no country.
    return regionNames.of(iso) === undefined || iso === 'ZZ' ? reject(ctx, `'${iso}' is not an ISO 3166 country code`, 'unknown_country') : iso;
  });
