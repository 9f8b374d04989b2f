import assert from 'node:assert/strict';
import type { LookupAddress } from 'node:dns';
import { describe, it } from 'node:test';
import {
  checkWebhookUrlSyntax, isPublicAddress, MAX_WEBHOOK_URL_LENGTH, resolveWebhookTarget, type LookupAll,
} from '../../../services/alerts/webhook-url.js';

const PUBLIC = { allowPrivate: false };
const PRIVATE_OK = { allowPrivate: true };

/** A resolver that answers from a table, as `dns.promises.lookup(host, { all: true })` would, and ENOTFOUND otherwise. */
function table(entries: Record<string, string[]>): LookupAll {
  return async (hostname) => {
    const addresses = entries[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

const reasonOf = (url: string, options = PUBLIC) => {
  const checked = checkWebhookUrlSyntax(url, options);
  return checked.ok ? 'ok' : checked.reason;
};

describe('webhook URL: syntax', () => {
  it('accepts a public https URL, with its port, path and query', () => {
    const checked = checkWebhookUrlSyntax('https://hooks.example.com:8443/bdds/alerts?team=7', PUBLIC);
    assert.ok(checked.ok);
    assert.equal(checked.url.port, '8443');
    assert.equal(reasonOf('https://93.184.215.14/hook'), 'ok');
    assert.equal(reasonOf('https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/hook'), 'ok');
  });

  it('refuses anything but https, and http too unless private targets are allowed', () => {
    assert.equal(reasonOf('http://hooks.example.com/'), 'not_https');
    assert.equal(reasonOf('ftp://hooks.example.com/'), 'not_https');
    assert.equal(reasonOf('file:///etc/passwd'), 'not_https');
    assert.equal(reasonOf('http://hooks.example.com/', PRIVATE_OK), 'ok');
    assert.equal(reasonOf('gopher://127.0.0.1:6379/', PRIVATE_OK), 'not_https');
  });

  it('refuses credentials in the URL, even where private targets are allowed', () => {
    assert.equal(reasonOf('https://user:pass@hooks.example.com/'), 'credentials_in_url');
    assert.equal(reasonOf('https://token@hooks.example.com/'), 'credentials_in_url');
    assert.equal(reasonOf('http://user@127.0.0.1/', PRIVATE_OK), 'credentials_in_url');
  });

  it('refuses a URL over 2048 characters, and what is not a URL', () => {
    const base = 'https://hooks.example.com/';
    assert.equal(reasonOf(base + 'a'.repeat(MAX_WEBHOOK_URL_LENGTH - base.length)), 'ok');
    assert.equal(reasonOf(base + 'a'.repeat(MAX_WEBHOOK_URL_LENGTH - base.length + 1)), 'too_long');
    assert.equal(reasonOf(base + 'é'.repeat(MAX_WEBHOOK_URL_LENGTH - base.length)), 'too_long', 'longer once percent-encoded');
    assert.equal(reasonOf('hooks.example.com/alerts'), 'invalid_url');
    assert.equal(reasonOf('https://'), 'invalid_url');
  });

  it('refuses IP literals of every inside range, in every spelling', () => {
    const inside = [
      'https://127.0.0.1/', 'https://10.1.2.3/', 'https://172.16.0.1/', 'https://192.168.1.1/', // loopback, RFC 1918
      'https://169.254.169.254/latest/meta-data/', 'https://100.64.0.1/', 'https://0.0.0.0/', // link-local (cloud metadata), CGNAT, unspecified
      'https://224.0.0.1/', 'https://255.255.255.255/', 'https://240.0.0.1/', 'https://192.0.2.1/', // multicast, broadcast, reserved, TEST-NET
      'https://[::1]/', 'https://[::]/', 'https://[fd00::1]/', 'https://[fe80::1]/', 'https://[ff02::1]/', // IPv6 loopback ... multicast
      'https://[::ffff:127.0.0.1]/', 'https://[::ffff:a9fe:a9fe]/', 'https://[::127.0.0.1]/', 'https://[64:ff9b::a00:1]/', // mapped, compatible, NAT64
      'https://2130706433/', 'https://0x7f.1/', 'https://0177.0.0.1/', 'https://127.1/', // IPv4 in the forms URL parsing accepts
    ];
    for (const url of inside) assert.equal(reasonOf(url), 'private_address', url);
    for (const url of inside) assert.equal(reasonOf(url, PRIVATE_OK), 'ok', `${url} with allowPrivate`);
  });

  it('refuses host names that only mean something inside a network', () => {
    const names = [
      'https://localhost/', 'https://LOCALHOST./', 'https://api.localhost/', 'https://printer.local/',
      'https://metadata.google.internal/', 'https://nas.home.arpa/', 'https://box.localdomain/', 'https://intranet/',
    ];
    for (const url of names) assert.equal(reasonOf(url), 'private_hostname', url);
    for (const url of names) assert.equal(reasonOf(url, PRIVATE_OK), 'ok', `${url} with allowPrivate`);
    assert.equal(reasonOf('https://local.example.com/'), 'ok', 'a suffix, not a substring');
    assert.equal(reasonOf('https://internal-hooks.example.com/'), 'ok');
  });
});

describe('webhook URL: public addresses', () => {
  it('classes addresses as ipaddr.js does, unwrapping IPv4-mapped IPv6', () => {
    for (const a of ['93.184.215.14', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8']) assert.equal(isPublicAddress(a), true, a);
    for (const a of ['127.0.0.1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', 'fe80::1%eth0', 'not an address', '']) {
      assert.equal(isPublicAddress(a), false, a);
    }
  });
});

describe('webhook URL: resolution', () => {
  const lookup = table({
    'hooks.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    'mixed.example.com': ['93.184.215.14', '10.0.0.7'],
    'mapped.example.com': ['2606:4700::1111', '::ffff:127.0.0.1'],
    'rebind.example.com': ['169.254.169.254'],
    'empty.example.com': [],
  });

  it('gives the first address of a name whose every address is public', async () => {
    assert.deepEqual(
      await resolveWebhookTarget('https://hooks.example.com/a', { ...PUBLIC, lookup }),
      { ok: true, url: new URL('https://hooks.example.com/a'), address: '93.184.215.14', family: 4 },
    );
  });

  it('refuses a name when ANY of its addresses is inside, IPv4-mapped ones included', async () => {
    for (const host of ['mixed', 'mapped', 'rebind']) {
      const resolved = await resolveWebhookTarget(`https://${host}.example.com/`, { ...PUBLIC, lookup });
      assert.equal(resolved.ok ? 'ok' : resolved.reason, 'private_address', host);
    }
    const mixed = await resolveWebhookTarget('https://mixed.example.com/', { ...PUBLIC, lookup });
    assert.match(mixed.ok ? '' : mixed.message, /10\.0\.0\.7/);
  });

  it('allows inside addresses when told to', async () => {
    const resolved = await resolveWebhookTarget('https://mixed.example.com/', { ...PRIVATE_OK, lookup });
    assert.ok(resolved.ok);
    assert.equal(resolved.address, '93.184.215.14');
  });

  it('says unresolvable for a name without an address', async () => {
    for (const host of ['nowhere.example.com', 'empty.example.com']) {
      const resolved = await resolveWebhookTarget(`https://${host}/`, { ...PUBLIC, lookup });
      assert.equal(resolved.ok ? 'ok' : resolved.reason, 'unresolvable', host);
    }
  });

  it('checks the syntax first and takes an IP literal as it is, without asking DNS', async () => {
    const never: LookupAll = async () => assert.fail('no lookup for an IP literal or a refused URL');
    assert.equal((await resolveWebhookTarget('http://hooks.example.com/', { ...PUBLIC, lookup: never })).ok, false);
    assert.deepEqual(
      await resolveWebhookTarget('http://[::1]:8080/', { ...PRIVATE_OK, lookup: never }),
      { ok: true, url: new URL('http://[::1]:8080/'), address: '::1', family: 6 },
    );
  });
});
