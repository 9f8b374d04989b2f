/** `lng`, the interface's name for `lon`, accepted beside ours in the products that take a point. */
import { badRequest } from './errors.js';

/**
 * The longitude asked: `lon`, or its alias `lng`. Both given with the same value is one parameter given
 * twice; with different values it is a 400 (`conflicting_parameters`), never one of them dropped silently.
 */
export function lonOrLng(input: { lon?: number | undefined; lng?: number | undefined }): number | undefined {
  if (input.lon !== undefined && input.lng !== undefined && input.lon !== input.lng) {
    throw badRequest(`'lng' is an alias of 'lon', and they were given different values (${input.lon} and ${input.lng}): give one.`, 'conflicting_parameters');
  }
  return input.lon ?? input.lng;
}
