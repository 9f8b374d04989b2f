/**
 * Weighted ridge regression, closed form via Cholesky: coefficients b minimise
 * sum_i w_i (y_i - x_i.b)^2 + sum_j penalty_j b_j^2, i.e. solve (X'WX + diag(penalty)) b = X'Wy.
 * X is sparse (a row is a handful of one-hot columns and a few dense values), so X'WX and X'Wy are
 * accumulated over each row's non-zero entries only; rows can be added over time and the sums decayed,
 * which makes exponentially time-weighted fits at successive origins cost one pass over the data.
 */

/** The sufficient statistics X'WX (upper triangle, row-major p x p) and X'Wy of a weighted sparse design. */
export class Gram {
  readonly xtx: Float64Array;
  readonly xty: Float64Array;
  /** Sum of the weights (the effective number of rows). */
  weight = 0;

  constructor(readonly p: number) {
    this.xtx = new Float64Array(p * p);
    this.xty = new Float64Array(p);
  }

  /** Adds row x (non-zeros: columns `cols[0..nnz)` with values `vals`; columns ascending) with target y and weight w. */
  add(cols: Int32Array, vals: Float64Array, nnz: number, y: number, w: number): void {
    const { xtx, xty, p } = this;
    for (let a = 0; a < nnz; a++) {
      const i = cols[a]!;
      const wi = w * vals[a]!;
      xty[i]! += wi * y;
      const base = i * p;
      for (let b = a; b < nnz; b++) xtx[base + cols[b]!]! += wi * vals[b]!;
    }
    this.weight += w;
  }

  /** Multiplies every accumulated row's weight by `f` (exponential forgetting between origins). */
  scale(f: number): void {
    if (f === 1) return;
    for (let i = 0; i < this.xtx.length; i++) this.xtx[i]! *= f;
    for (let i = 0; i < this.p; i++) this.xty[i]! *= f;
    this.weight *= f;
  }
}

/**
 * In-place Cholesky factorisation of a symmetric positive-definite p x p matrix given by its upper
 * triangle (row-major): on return the upper triangle holds U with A = U'U. False when not positive definite.
 */
export function choleskyUpper(a: Float64Array, p: number): boolean {
  for (let i = 0; i < p; i++) {
    const ri = i * p;
    let d = a[ri + i]!;
    for (let k = 0; k < i; k++) d -= a[k * p + i]! ** 2;
    if (!(d > 0)) return false;
    const uii = Math.sqrt(d);
    a[ri + i] = uii;
    for (let k = 0; k < i; k++) {
      const uki = a[k * p + i]!;
      if (uki === 0) continue;
      const rk = k * p;
      for (let j = i + 1; j < p; j++) a[ri + j]! -= uki * a[rk + j]!;
    }
    for (let j = i + 1; j < p; j++) a[ri + j] = a[ri + j]! / uii;
  }
  return true;
}

/** Solves U'U x = b for x, with U from choleskyUpper (forward then back substitution). */
export function choleskySolve(u: Float64Array, p: number, b: Float64Array): Float64Array {
  const z = Float64Array.from(b);
  for (let i = 0; i < p; i++) {
    let s = z[i]!;
    for (let k = 0; k < i; k++) s -= u[k * p + i]! * z[k]!;
    z[i] = s / u[i * p + i]!;
  }
  for (let i = p - 1; i >= 0; i--) {
    let s = z[i]!;
    for (let k = i + 1; k < p; k++) s -= u[i * p + k]! * z[k]!;
    z[i] = s / u[i * p + i]!;
  }
  return z;
}

/**
 * The ridge coefficients from accumulated sums and a penalty per column (0 leaves a column free, as
 * the intercept). Columns no row touched are left out of the solve (their coefficient is 0: with no
 * data, the penalty alone holds them there), which keeps a short series' system small; a tiny jitter
 * keeps the rest solvable. Null when no row was added or the system is still singular.
 */
export function solveRidge(gram: Gram, penalty: Float64Array): Float64Array | null {
  const { p, xtx } = gram;
  if (gram.weight <= 0) return null;
  const active: number[] = [];
  let maxDiag = 0;
  for (let i = 0; i < p; i++) {
    const d = xtx[i * p + i]!;
    if (d > 0) active.push(i);
    maxDiag = Math.max(maxDiag, d);
  }
  const q = active.length;
  const a = new Float64Array(q * q);
  const b = new Float64Array(q);
  const jitter = 1e-9 * (1 + maxDiag);
  for (let r = 0; r < q; r++) {
    const i = active[r]!;
    for (let c = r; c < q; c++) a[r * q + c] = xtx[i * p + active[c]!]!;
    a[r * q + r]! += penalty[i]! + jitter;
    b[r] = gram.xty[i]!;
  }
  if (!choleskyUpper(a, q)) return null;
  const solved = choleskySolve(a, q, b);
  const out = new Float64Array(p);
  for (let r = 0; r < q; r++) out[active[r]!] = solved[r]!;
  return out;
}
