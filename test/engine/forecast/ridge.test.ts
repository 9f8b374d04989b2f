import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { choleskySolve, choleskyUpper, Gram, solveRidge } from '../../../engine/forecast/ridge.js';
import { mulberry32 } from '../../helpers/seeded-random.js';


describe('Cholesky', () => {
  it('factors and solves a known symmetric positive-definite system', () => {
    // A = [[4, 2, 0], [2, 5, 3], [0, 3, 6]] (upper triangle given), x = [1, -2, 3], b = A x.
    const a = Float64Array.from([4, 2, 0, 0, 5, 3, 0, 0, 6]);
    assert.ok(choleskyUpper(a, 3));
    // U = [[2, 1, 0], [0, 2, 1.5], [0, 0, sqrt(3.75)]].
    assert.deepEqual([a[0], a[1], a[2], a[4], a[5]], [2, 1, 0, 2, 1.5]);
    assert.ok(Math.abs(a[8]! - Math.sqrt(3.75)) < 1e-12);
    const x = choleskySolve(a, 3, Float64Array.from([0, 1, 12]));
    [1, -2, 3].forEach((v, i) => assert.ok(Math.abs(x[i]! - v) < 1e-12, `x${i} = ${x[i]}`));
  });
  it('refuses a matrix that is not positive definite', () => {
    assert.equal(choleskyUpper(Float64Array.from([1, 2, 0, 1]), 2), false);
  });
});

describe('weighted sparse ridge regression', () => {
  // y = 3 + group effect (one-hot, 4 groups) + 0.5 x (dense) + noise.
  const effects = [0, 2, -1, 4];
  function data(rows: number, seed: number) {
    const r = mulberry32(seed);
    return Array.from({ length: rows }, () => {
      const g = Math.floor(r() * 4);
      const x = r() * 10;
      return { g, x, y: 3 + effects[g]! + 0.5 * x + (r() - 0.5) * 0.2 };
    });
  }
  const add = (gram: Gram, row: { g: number; x: number; y: number }, w: number) =>
    gram.add(Int32Array.from([0, 1 + row.g, 5]), Float64Array.from([1, 1, row.x]), 3, row.y, w);

  it('recovers the coefficients that generated the data', () => {
    const gram = new Gram(6);
    for (const row of data(4000, 1)) add(gram, row, 1);
    // Group 0 is the reference: penalise groups lightly so the intercept takes the level.
    const b = solveRidge(gram, Float64Array.from([0, 1e-6, 1e-6, 1e-6, 1e-6, 0]))!;
    assert.ok(Math.abs(b[5]! - 0.5) < 0.01, `slope ${b[5]}`);
    for (let g = 1; g < 4; g++) {
      const contrast = b[1 + g]! - b[1]!;
      assert.ok(Math.abs(contrast - effects[g]!) < 0.02, `group ${g}: ${contrast}`);
    }
    assert.ok(Math.abs(b[0]! + b[1]! - 3) < 0.05, `level ${b[0]! + b[1]!}`);
  });
  it('shrinks a rarely seen column towards zero by its penalty', () => {
    const gram = new Gram(6);
    // Group 3 is seen 4 times with an effect of +4 over the others' level.
    const rows = data(2000, 2).filter((r) => r.g !== 3).concat(data(400, 3).filter((r) => r.g === 3).slice(0, 4));
    for (const row of rows) add(gram, row, 1);
    const free = solveRidge(gram, Float64Array.from([0, 1e-6, 1e-6, 1e-6, 1e-6, 0]))!;
    const held = solveRidge(gram, Float64Array.from([0, 4, 4, 4, 4, 0]))!;
    const effect = (b: Float64Array) => b[4]! - (b[1]! + b[2]! + b[3]!) / 3;
    assert.ok(Math.abs(effect(free) - (4 - 1 / 3)) < 0.2, `free ${effect(free)}`);
    // Four observations against a penalty of four: roughly half the effect survives.
    assert.ok(effect(held) > 1 && effect(held) < 3, `held ${effect(held)}`);
  });
  it('decaying the sums between origins equals weighting each row by its age', () => {
    const rows = data(300, 4);
    const decay = 0.99;
    const incremental = new Gram(6);
    rows.slice(0, 200).forEach((row, i) => add(incremental, row, decay ** (200 - i)));
    incremental.scale(decay ** 100);
    rows.slice(200).forEach((row, i) => add(incremental, row, decay ** (100 - i)));
    const direct = new Gram(6);
    rows.forEach((row, i) => add(direct, row, decay ** (300 - i)));
    const pen = Float64Array.from([0, 1, 1, 1, 1, 0]);
    const a = solveRidge(incremental, pen)!;
    const b = solveRidge(direct, pen)!;
    a.forEach((v, i) => assert.ok(Math.abs(v - b[i]!) < 1e-9, `coefficient ${i}: ${v} vs ${b[i]}`));
  });
  it('has no answer without rows', () => {
    assert.equal(solveRidge(new Gram(3), new Float64Array(3)), null);
  });
});
