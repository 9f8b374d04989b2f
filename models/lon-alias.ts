/** `lng`, the interface's name for `lon`, accepted beside ours in the products that take a point. */
import { badRequest } from './errors.js';

/**
 * The longitude asked: `lon`, or its alias `lng`. Both given with the same value is one parameter given
 * twice; with different values it is a 400 (`conflicting_parameters`), never one of them dropped silently.
 */
export function lonOrLng(input: { lon?: number | undefined; lng?: number | undefined }): number | undefined {
  if (input.lon !== undefined && input.lng !== undefined && input.lon !== input.lng) {
    // Each value named with its parameter: which one is the alias differs by product (road-conditions: 'lon').
    throw badRequest(`'lon' (${input.lon}) and 'lng' (${input.lng}) name the same longitude and were given different values: give one.`, 'conflicting_parameters');
  }
  return input.lon ?? input.lng;
}

/**
 * The point asked (`lat` with `lon` or its alias `lng`): both, or neither (undefined). One alone is a 400 that
 * names the other, in every product alike, by the name the client gave (else the product's `primary`):
 * `Parameter 'lon' is required with 'lat'.`
 */
export function pointOf(input: { lat?: number | undefined; lon?: number | undefined; lng?: number | undefined }, primary: 'lon' | 'lng' = 'lon'):
  { lat: number; lon: number } | undefined {
  const { lat } = input;
  const lon = lonOrLng(input);
  if (lat === undefined && lon === undefined) return undefined;
  if (lat === undefined || lon === undefined) {
    const lonName = input.lon !== undefined ? 'lon' : input.lng !== undefined ? 'lng' : primary;
    const [missing, given] = lat === undefined ? ['lat', lonName] : [lonName, 'lat'];
    throw badRequest(`Parameter '${missing}' is required with '${given}'.`, 'missing_parameter');
  }
  return { lat, lon };
}
