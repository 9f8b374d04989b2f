/**
 * Map and matrix: every crossing on a Leaflet map with no tile server (the country outline bundled from
 * Natural Earth), coloured by the service's `wait_status` for the chosen vehicle type and direction; a
 * click on the map (or coordinates typed in) routes the travel matrix from there, shown as a sorted bar
 * chart of drive time plus the queue expected at arrival. Products: checkpoints, border, travelMatrix.
 */
import * as Plot from '@observablehq/plot';
import L from 'leaflet';
import outline from '../../../data/bundled/geo/outline.geojson';
import { errorCodeOf, messageOf, products, type Products } from './api.js';
import type { Location, View, ViewContext } from './context.js';
import { badge, h, numCell, replace, table } from './dom.js';
import { iso, minutes, num, STATUS_COLOURS, vehicle, type WaitColour } from './format.js';

type BorderRow = Products['border']['data']['checkpoints'][number];
type MatrixRow = Products['travelMatrix']['data']['results'][number];

const NEIGHBOURS = [2, 3, 4, 5, 6];
const TYPES = [4, 5, 6, 8, 9, 7];

export function createMapView(root: HTMLElement, ctx: ViewContext): View {
  const typeSelect = h('select', { id: 'map-type' }, ...TYPES.map((t) => h('option', { value: String(t) }, vehicle(t))));
  const dirSelect = h('select', { id: 'map-direction' }, h('option', { value: 'out' }, 'leaving Ukraine'), h('option', { value: 'in' }, 'entering Ukraine'));
  const mapEl = h('div', { id: 'map', role: 'application', 'aria-label': 'Map of the crossings; click to route the travel matrix from that point' });
  const legend = h('p', { id: 'map-legend', class: 'legend' });
  const listBox = h('div', { id: 'map-list' });
  const lat = h('input', { id: 'matrix-lat', type: 'number', step: 'any', min: '-90', max: '90', inputmode: 'decimal', size: 9 });
  const lon = h('input', { id: 'matrix-lon', type: 'number', step: 'any', min: '-180', max: '180', inputmode: 'decimal', size: 9 });
  const go = h('button', { id: 'matrix-go', type: 'submit' }, 'Route from here');
  const form = h('form', { id: 'matrix-form', class: 'controls' }, h('label', { for: 'matrix-lat' }, 'Origin latitude'), lat,
    h('label', { for: 'matrix-lon' }, 'longitude'), lon, go);
  const matrixBox = h('div', { id: 'matrix', class: 'panel' }, h('p', { class: 'note' }, 'Click the map (or type coordinates) to route the travel matrix from that point.'));
  replace(root,
    h('h2', { id: 'h-map' }, 'Map and travel matrix'),
    h('div', { class: 'controls' }, h('label', { for: 'map-type' }, 'Vehicle'), typeSelect, h('label', { for: 'map-direction' }, 'Direction'), dirSelect),
    h('div', { class: 'two map-two' },
      h('section', { 'aria-labelledby': 'h-map-crossings' }, h('h3', { id: 'h-map-crossings' }, 'Crossings by wait status'), mapEl, legend, listBox),
      h('section', { 'aria-labelledby': 'h-matrix' }, h('h3', { id: 'h-matrix' }, 'Travel matrix: drive + queue at arrival'), form, matrixBox)));

  let map: L.Map | null = null;
  let markers: L.LayerGroup | null = null;
  let originMarker: L.CircleMarker | null = null;
  let origin: { lat: number; lon: number } | null = null;

  function ensureMap() {
    if (map) {
      map.invalidateSize();
      return map;
    }
    map = L.map(mapEl, { zoomSnap: 0.25, minZoom: 4, maxZoom: 11, worldCopyJump: false, maxBounds: [[38, 8], [59, 46]] });
    map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
    L.geoJSON(outline, {
      interactive: false,
      attribution: 'Outline: Natural Earth (public domain); crossings: State Border Guard Service of Ukraine (CC BY 4.0)',
      style: (f) => ({ color: '#7d838c', weight: 1, fillColor: f?.properties?.name === 'Ukraine' ? '#fbf3dc' : '#eeece7', fillOpacity: 1 }),
    }).addTo(map);
    map.fitBounds([[44.4, 20.6], [52.3, 30.6]], { padding: [12, 12] });
    markers = L.layerGroup().addTo(map);
    map.on('click', (e: L.LeafletMouseEvent) => {
      // Four decimals (about 10 m): the origin routed is the one shown in the fields.
      lat.value = e.latlng.lat.toFixed(4);
      lon.value = e.latlng.lng.toFixed(4);
      void route(Number(lat.value), Number(lon.value));
    });
    return map;
  }

  async function borderRows(type: number, direction: string): Promise<BorderRow[]> {
    if (direction === 'out') return (await products.border.query({ origin: 1, destination: NEIGHBOURS.join(','), crossing_type: type })).data.checkpoints;
    const answers = await Promise.all(NEIGHBOURS.map((o) => products.border.query({ origin: o, destination: '1', crossing_type: type })));
    return answers.flatMap((a) => a.data.checkpoints);
  }

  async function renderMarkers() {
    const m = ensureMap();
    mapEl.dataset.state = 'loading';
    const type = Number(typeSelect.value);
    const direction = dirSelect.value;
    const dir = await ctx.directory();
    let rows: BorderRow[];
    try {
      rows = await borderRows(type, direction);
    } catch (err) {
      ctx.fail(err, listBox);
      return;
    }
    const byLocation = new Map<number, BorderRow>();
    for (const r of rows) {
      const entry = dir.byPpid.get(r.ppid);
      if (entry) byLocation.set(entry.location_id, r);
    }
    markers!.clearLayers();
    const counts: Record<string, number> = { green: 0, yellow: 0, red: 0, none: 0, absent: 0 };
    const listed: { loc: Location; row: BorderRow | undefined }[] = [];
    for (const loc of dir.locations) {
      const row = byLocation.get(loc.id);
      const status: WaitColour | 'absent' = row ? (row.wait_status ?? 'none') : 'absent';
      counts[status] = (counts[status] ?? 0) + 1;
      listed.push({ loc, row });
      const marker = L.circleMarker([loc.lat, loc.lon], {
        radius: row ? 8 : 5, weight: row ? 1.5 : 2, color: row ? '#fff' : STATUS_COLOURS.none,
        fillColor: status === 'absent' ? '#fff' : STATUS_COLOURS[status], fillOpacity: status === 'absent' ? 0.6 : 0.95,
        bubblingMouseEvents: false, className: `cp-marker status-${status}`,
      });
      const text = row
        ? `${loc.name} (${iso(row.border)}): ${row.queue === null ? 'no reading' : `${num(row.queue)} waiting, ${minutes(row.wait_min)}`}${row.age_min !== null ? `, ${minutes(row.age_min)} old` : ''}`
        : `${loc.name}: no ${vehicle(type)} checkpoint ${direction === 'out' ? 'leaving' : 'entering'} Ukraine`;
      marker.bindTooltip(text);
      const link = h('a', { href: `#checkpoint/${loc.id}${row ? `/${row.ppid}` : ''}` }, 'Open in the checkpoint view');
      marker.bindPopup(h('div', {}, h('strong', {}, loc.name), h('br'), text.slice(loc.name.length + 2), h('br'), link));
      marker.addTo(markers!);
      const el = marker.getElement();
      el?.setAttribute('data-location', String(loc.id));
      if (row) el?.setAttribute('data-ppid', row.ppid);
    }
    replace(legend, ...(['green', 'yellow', 'red', 'none'] as const).flatMap((s) => [h('span', { class: 'dot', style: `background:${STATUS_COLOURS[s]}` }),
      `${s === 'none' ? 'no reading' : s} (${counts[s] ?? 0}) `]), h('span', { class: 'dot hollow' }), `no such checkpoint (${counts.absent}). `,
      `Colour: the service's wait_status for a ${vehicle(type)} (thresholds per vehicle type). `);
    replace(listBox, h('details', {}, h('summary', {}, 'The crossings as a table'),
      table({ id: 'map-table' }, `${vehicle(type)}, ${direction === 'out' ? 'leaving' : 'entering'} Ukraine`, ['Crossing', 'Border', 'Queue', 'Wait', 'Status', 'Age'],
        listed.filter((x) => x.row).map(({ loc, row }) => h('tr', { 'data-ppid': row!.ppid, 'data-status': row!.wait_status ?? 'none' },
          h('td', {}, loc.name), h('td', {}, `UA–${iso(loc.neighbour)}`), numCell(row!.queue, num(row!.queue)), numCell(row!.wait_min, minutes(row!.wait_min)),
          h('td', {}, badge(row!.wait_status)), numCell(row!.age_min, minutes(row!.age_min)))))));
    mapEl.dataset.state = 'ready';
    mapEl.dataset.markers = String(dir.locations.length);
    m.invalidateSize();
  }

  async function route(atLat: number, atLon: number) {
    origin = { lat: atLat, lon: atLon };
    const m = ensureMap();
    originMarker?.remove();
    originMarker = L.circleMarker([atLat, atLon], { radius: 7, color: '#111', weight: 3, fillColor: '#fff', fillOpacity: 1, interactive: false }).addTo(m);
    matrixBox.dataset.state = 'loading';
    matrixBox.setAttribute('aria-busy', 'true');
    const type = Number(typeSelect.value);
    let answer: Products['travelMatrix'];
    try {
      answer = await products.travelMatrix.query({ origin_lat: atLat, origin_lon: atLon, type });
    } catch (err) {
      replace(matrixBox, h('p', { role: 'alert', class: 'error' }, `${messageOf(err)} (${errorCodeOf(err) ?? 'error'})`));
      matrixBox.dataset.state = 'error';
      matrixBox.removeAttribute('aria-busy');
      return;
    }
    if (origin.lat !== atLat || origin.lon !== atLon) return;
    const d = answer.data;
    const meta = answer.meta as { direction?: string; routed?: number; candidates?: number } | undefined;
    const shown: MatrixRow[] = d.results.slice(0, 20);
    const label = (r: MatrixRow) => `${r.checkpoint_name} (${r.country})`;
    const parts = shown.flatMap((r) => r.total_minutes === null
      ? [{ label: label(r), part: 'drive, no wait data', minutes: r.drive_minutes ?? 0 }]
      : [{ label: label(r), part: 'drive', minutes: r.drive_minutes ?? 0 }, { label: label(r), part: 'queue at arrival', minutes: r.queue_minutes_at_arrival ?? 0 }]);
    const chart = Plot.plot({
      width: Math.max(480, Math.min(760, matrixBox.clientWidth || 640)), height: 30 + 22 * shown.length + 40, marginLeft: 240, marginRight: 70,
      x: { label: 'minutes', grid: true }, y: { label: null, domain: shown.map(label) },
      color: { domain: ['drive', 'queue at arrival', 'drive, no wait data'], range: ['#5b7fa6', '#d9822b', '#c8ccd2'], legend: true },
      marks: [
        Plot.barX(parts, { y: 'label', x: 'minutes', fill: 'part' }),
        Plot.text(shown, { y: label, x: (r: MatrixRow) => r.total_minutes ?? r.drive_minutes ?? 0, text: (r: MatrixRow) => (r.total_minutes === null ? 'no wait data' : minutes(r.total_minutes)), dx: 4, textAnchor: 'start', fill: '#333' }),
        Plot.ruleX([0]),
      ],
    });
    chart.setAttribute('role', 'img');
    chart.setAttribute('aria-label', `The ${shown.length} fastest crossings from the origin: drive time plus the queue at arrival`);
    const all = table({ id: 'matrix-table' }, `All ${d.results.length} crossings, fastest first`, ['#', 'Crossing', 'Into', 'Road km', 'Drive', 'Queue at arrival', 'Basis', 'Total', 'Route'],
      d.results.map((r, i) => h('tr', { 'data-ppid': r.ppid }, h('td', {}, String(i + 1)), h('td', {}, r.checkpoint_name), h('td', {}, r.country),
        numCell(r.distance_km, num(r.distance_km)), numCell(r.drive_minutes, minutes(r.drive_minutes)), numCell(r.queue_minutes_at_arrival, minutes(r.queue_minutes_at_arrival)),
        h('td', {}, r.queue_basis ?? '–'), numCell(r.total_minutes, minutes(r.total_minutes)),
        h('td', {}, r.route?.legs.map((l) => l.path.join(' → ')).join(' | ') ?? ''))));
    replace(matrixBox,
      h('p', { id: 'matrix-summary' }, `From ${atLat.toFixed(4)}, ${atLon.toFixed(4)} (${d.origin.country ?? '?'}), ${vehicle(d.type)}, ${meta?.direction === 'into_ukraine' ? 'into Ukraine' : meta?.direction === 'out_of_ukraine' ? 'out of Ukraine' : (meta?.direction ?? '').replace(/_/g, ' ')}: `,
        `${d.results.length} crossings, the ${shown.length} fastest shown.`),
      h('figure', { id: 'matrix-chart', 'data-bars': String(shown.length) }, chart),
      h('details', {}, h('summary', {}, 'Every crossing as a table'), h('div', { class: 'scroll' }, all)));
    matrixBox.dataset.state = 'ready';
    matrixBox.removeAttribute('aria-busy');
  }

  typeSelect.addEventListener('change', () => {
    void renderMarkers();
    if (origin) void route(origin.lat, origin.lon);
  });
  dirSelect.addEventListener('change', () => void renderMarkers());
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const a = Number(lat.value);
    const b = Number(lon.value);
    if (lat.value === '' || lon.value === '' || !Number.isFinite(a) || !Number.isFinite(b)) {
      replace(matrixBox, h('p', { role: 'alert', class: 'error' }, 'Give the origin as a latitude and a longitude in degrees.'));
      return;
    }
    void route(a, b);
  });

  return {
    async show() {
      await renderMarkers();
    },
    async refresh() {
      await renderMarkers();
    },
  };
}
