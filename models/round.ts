/** A number rounded to `digits` decimals for an answer (Math.round: half up). The one rounding of figures. */
export function roundTo(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
