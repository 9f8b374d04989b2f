/**
 * The operator dashboard's script (bundled by esbuild: api/dashboard/bundle.ts). Three views chosen by the
 * address's fragment (`#checkpoint/<location>/<ppid>`, `#map`, `#ops`), refreshed every minute, every
 * figure through the typed tRPC clients of api.ts.
 */
import 'leaflet/dist/leaflet.css';
import './style.css';
import { TRPCClientError } from '@trpc/client';
import { errorCodeOf, httpStatusOf, messageOf, ops, products } from './api.js';
import { createCheckpointView } from './checkpoint-view.js';
import { buildDirectory, type Directory, type View, type ViewContext } from './context.js';
import { h, replace } from './dom.js';
import { dateTime } from './format.js';
import { createMapView } from './map-view.js';
import { createOpsView } from './ops-view.js';

const REFRESH_MS = 60_000;
const byId = (id: string) => document.getElementById(id)!;
const errorBox = byId('error');
const updated = byId('updated');

let serverNow = new Date();
let directory: Promise<Directory> | null = null;

async function syncClock() {
  const clock = await ops.clock.query();
  serverNow = new Date(clock.now);
}

const ctx: ViewContext = {
  now: () => serverNow,
  directory() {
    directory ??= products.checkpoints.query({}).then((a) => {
      byId('attribution').textContent = a.attribution;
      return buildDirectory(a.data.checkpoints);
    });
    directory.catch(() => (directory = null));
    return directory;
  },
  fail(err, where) {
    if (err instanceof TRPCClientError && httpStatusOf(err) === 401) {
      // The session ended (expired, logged out elsewhere, or the server restarted): back to the log-in form.
      location.assign('/dashboard');
      return;
    }
    const text = `${messageOf(err)}${errorCodeOf(err) ? ` (${errorCodeOf(err)})` : ''}`;
    if (where) {
      replace(where, h('p', { role: 'alert', class: 'error' }, text));
      where.dataset.state = 'error';
    } else {
      errorBox.textContent = text;
      errorBox.hidden = false;
    }
    console.warn('dashboard call failed:', text);
  },
  navigate(hash) {
    if (location.hash === hash) void route();
    else location.hash = hash;
  },
};

const views: Record<string, { el: HTMLElement; view: View }> = {};
for (const [name, create] of [['checkpoint', createCheckpointView], ['map', createMapView], ['ops', createOpsView]] as const) {
  const el = byId(`view-${name}`);
  views[name] = { el, view: create(el, ctx) };
}

let current = 'checkpoint';
async function route() {
  const [name = 'checkpoint', ...params] = location.hash.replace(/^#/, '').split('/').map(decodeURIComponent);
  current = name in views ? name : 'checkpoint';
  for (const [key, { el }] of Object.entries(views)) el.hidden = key !== current;
  for (const key of Object.keys(views)) byId(`nav-${key}`).toggleAttribute('aria-current', key === current);
  errorBox.hidden = true;
  document.body.dataset.view = current;
  try {
    await views[current]!.view.show(params);
    updated.textContent = `Data as of ${dateTime(serverNow)} UTC (service clock)`;
  } catch (err) {
    ctx.fail(err);
  }
}

async function refresh() {
  try {
    await syncClock();
    await views[current]!.view.refresh();
    updated.textContent = `Data as of ${dateTime(serverNow)} UTC (service clock)`;
  } catch (err) {
    ctx.fail(err);
  }
}

window.addEventListener('hashchange', () => void route());
void (async () => {
  try {
    await syncClock();
  } catch (err) {
    ctx.fail(err);
    return;
  }
  await route();
  setInterval(() => void refresh(), REFRESH_MS);
})();
