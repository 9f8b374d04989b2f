import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderChangelogPage } from '../../../api/docs/changelog-page.js';

describe('changelog page', () => {
  it('renders the changelog without passing its raw HTML through', () => {
    const page = renderChangelogPage('A <b>Service</b>', '# Changes\n\n- **New**: `x` <script>alert(1)</script> [link](https://example.org)\n');
    assert.ok(!page.includes('<script>'), 'raw HTML is text');
    assert.ok(page.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
    assert.ok(page.includes('<title>A &lt;b&gt;Service&lt;/b&gt;: changelog</title>'));
    assert.ok(page.includes('<li><strong>New</strong>: <code>x</code>'));
    assert.ok(page.includes('<a href="https://example.org">link</a>'));
  });
});
