/**
 * The reference's example answers (api/docs/examples.json): one per product that has a self-check input,
 * each a successful envelope that parses with the product's own schema, every error example an error
 * envelope with its status. That the file is what the generator gives today: examples-current.system.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { docsExamples } from '../../../api/docs/examples.js';
import { ErrorEnvelope, successEnvelope } from '../../../models/envelope.js';
import { ERROR_STATUS } from '../../../models/errors.js';
import { operations } from '../../../services/registry.js';

const examples = docsExamples();
const shown = operations.filter((op) => op.selfCheck && (op.rest?.method ?? 'GET') === 'GET');

describe('the reference\'s examples', () => {
  it('hold an answer for every product, each parsing with the product\'s schema', () => {
    assert.deepEqual(Object.keys(examples.answers).sort(), shown.map((op) => op.name).sort());
    for (const op of shown) {
      const answer = examples.answers[op.name]!;
      assert.equal(answer.status, 200);
      const parsed = successEnvelope(op.output, op.snapshot).safeParse(answer.body);
      assert.ok(parsed.success, `${op.name}: ${parsed.error?.message}`);
      assert.equal(parsed.data!.product, op.slug);
      assert.ok(op.output.safeParse(parsed.data!.data).success, `${op.name}'s data parses alone`);
    }
  });

  it('hold each error as an envelope with the status its code has', () => {
    for (const [name, example] of Object.entries(examples.errors)) {
      const body = ErrorEnvelope.parse(example.body);
      assert.equal(`${body.error.code}_${example.status}`, name);
      const expected = body.error.code === 'invalid_api_key' ? [401, 403] : [ERROR_STATUS[body.error.code]];
      assert.ok(expected.includes(example.status), `${name}: status ${example.status}`);
    }
  });
});
