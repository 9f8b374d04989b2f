import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { outlineCountryAt } from '../../../../data/importers/osm-roads/countries.js';
import { nodeCountryAt } from '../../../../data/importers/osm-roads/node-country.js';

describe("an imported network's node country", () => {
  it('takes Ukraine from its border: Medyka village, 1.2 km inside Poland, which the 1 km outline puts in Ukraine, is Polish', () => {
    assert.equal(outlineCountryAt(49.805, 22.93), 'UA', 'the outline alone');
    assert.equal(nodeCountryAt(49.805, 22.93), 'PL');
    assert.equal(nodeCountryAt(49.8, 23.03), 'UA', 'Shehyni, in Ukraine');
    // Záhony, 0.6 km from the border beside Chop, and Chop itself.
    assert.deepEqual([nodeCountryAt(48.4087, 22.1756), nodeCountryAt(48.43, 22.2)], ['HU', 'UA']);
  });
  it('keeps the outline away from Ukraine, and nothing where the outline has no country', () => {
    assert.deepEqual([nodeCountryAt(50.06, 19.94), nodeCountryAt(47.5, 19.05)], ['PL', 'HU']);
    assert.equal(nodeCountryAt(43.5, 33.5), null, 'the open Black Sea');
  });
});
