import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hasCredentials, redactUrls, shownUrl } from '../../../data/feeds/redact-url.js';
import { ConfigError, loadConfig } from '../../../api/config.js';

describe('feed URLs as errors show them', () => {
  it('drops a user name, a password, the query and the fragment, and keeps host and path', () => {
    assert.equal(shownUrl('https://feeduser:S3cret@mirror.example:8443/eurofxref.xml?token=T123#x'), 'https://mirror.example:8443/eurofxref.xml?…');
    assert.equal(shownUrl('http://127.0.0.1:9/a.xml'), 'http://127.0.0.1:9/a.xml');
    assert.equal(shownUrl('not a url'), 'not a url');
    assert.equal(redactUrls('could not reach mirror.example: Request cannot be constructed from a URL that includes credentials: https://u:p@mirror.example/x?token=T'),
      'could not reach mirror.example: Request cannot be constructed from a URL that includes credentials: https://mirror.example/x?…');
    assert.deepEqual([hasCredentials('https://u@x.example/'), hasCredentials('https://x.example/?user=u')], [true, false]);
  });

  it('refuses a feed URL with credentials at start, without echoing them', () => {
    assert.throws(() => loadConfig({ BDDS_FEEDS: 'ecb-rates', BDDS_FEED_ECB_RATES_URL: 'https://feeduser:S3cretPass@mirror.example/e.xml?token=TOKEN123' }), (err: unknown) => {
      assert.ok(err instanceof ConfigError);
      assert.match(err.message, /BDDS_FEED_ECB_RATES_URL.*must not carry a user name or password \(https:\/\/mirror\.example\/e\.xml\?…\)/);
      assert.doesNotMatch(err.message, /S3cretPass|TOKEN123|feeduser/);
      return true;
    });
    assert.throws(() => loadConfig({ BDDS_INTERNAL_TOKEN: 'short-secret' }), (err: unknown) => {
      assert.match(String((err as Error).message), /BDDS_INTERNAL_TOKEN=\(not shown\): must be at least 16 characters/);
      assert.doesNotMatch(String((err as Error).message), /short-secret/);
      return true;
    });
    assert.throws(() => loadConfig({ BDDS_SMTP_URL: 'http://mailer:pw@smtp.example/?k=1' }), (err: unknown) => {
      assert.match(String((err as Error).message), /BDDS_SMTP_URL="http:\/\/smtp\.example\/\?…"/);
      return true;
    });
    // A token in the query is a URL a feed may need: accepted, and never shown (see the runner's test).
    assert.deepEqual(loadConfig({ BDDS_FEEDS: 'ecb-rates', BDDS_FEED_ECB_RATES_URL: 'https://mirror.example/e.xml?token=T' }).feeds![0]!.urls, ['https://mirror.example/e.xml?token=T']);
  });
});
