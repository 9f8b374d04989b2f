/**
 * A minimal OpenStreetMap PBF writer for the bench's synthetic networks (bench/synthetic-road-network.ts):
 * an `OSMHeader` blob, then `OSMData` blobs of dense nodes and of ways with tags, zlib-compressed, as the
 * format's specification has them (wiki.openstreetmap.org/wiki/PBF_Format). Only what a road network needs
 * (no node tags, no relations, no metadata). Protobuf by hand: varints, zigzag, length-delimited fields.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

class Proto {
  private buf = new Uint8Array(1 << 16);
  len = 0;
  private room(n: number) {
    if (this.len + n <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.len + n));
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }
  /** An unsigned varint (any integer below 2^53). */
  varint(v: number) {
    this.room(10);
    while (v >= 128) {
      this.buf[this.len++] = (v % 128) | 128;
      v = Math.floor(v / 128);
    }
    this.buf[this.len++] = v;
  }
  key(field: number, wire: 0 | 2) {
    this.varint(field * 8 + wire);
  }
  bytes(field: number, data: Uint8Array) {
    this.key(field, 2);
    this.varint(data.length);
    this.room(data.length);
    this.buf.set(data, this.len);
    this.len += data.length;
  }
  string(field: number, s: string) {
    this.bytes(field, new TextEncoder().encode(s));
  }
  uint(field: number, v: number) {
    this.key(field, 0);
    this.varint(v);
  }
  /** A packed repeated field of unsigned varints. */
  packed(field: number, values: ArrayLike<number>) {
    const inner = new Proto();
    for (let i = 0; i < values.length; i++) inner.varint(values[i]!);
    this.bytes(field, inner.done());
  }
  /** A packed repeated sint64 field, delta-coded (each value minus the one before), zigzag. */
  packedDelta(field: number, values: ArrayLike<number>) {
    const inner = new Proto();
    let last = 0;
    for (let i = 0; i < values.length; i++) {
      const d = values[i]! - last;
      last = values[i]!;
      inner.varint(d >= 0 ? 2 * d : -2 * d - 1);
    }
    this.bytes(field, inner.done());
  }
  done() {
    return this.buf.slice(0, this.len);
  }
}

export interface PbfWay {
  id: number;
  refs: number[];
  tags: Record<string, string>;
}

/** Writes a PBF file: call `nodes` (all of them first, as readers expect), then `ways`, then `close`. */
export function createPbfWriter(path: string) {
  const fd = openSync(path, 'w');
  let bytes = 0;
  const blob = (type: 'OSMHeader' | 'OSMData', raw: Uint8Array) => {
    const body = new Proto();
    body.uint(2, raw.length);
    body.bytes(3, deflateSync(raw));
    const data = body.done();
    const header = new Proto();
    header.string(1, type);
    header.uint(3, data.length);
    const head = header.done();
    const size = Buffer.alloc(4);
    size.writeUInt32BE(head.length);
    for (const part of [size, head, data]) bytes += writeSync(fd, part);
  };
  const headerBlock = new Proto();
  headerBlock.string(4, 'OsmSchema-V0.6');
  headerBlock.string(4, 'DenseNodes');
  headerBlock.string(16, 'bdds bench/osm-pbf-writer.ts');
  blob('OSMHeader', headerBlock.done());

  const block = (strings: string[], group: Uint8Array) => {
    const table = new Proto();
    for (const s of strings) table.string(1, s);
    const b = new Proto();
    b.bytes(1, table.done());
    b.bytes(2, group);
    blob('OSMData', b.done());
  };
  return {
    /** One block of nodes (ids, latitudes and longitudes in degrees; up to 8,000 a block by convention). */
    nodes(ids: ArrayLike<number>, lat: ArrayLike<number>, lon: ArrayLike<number>) {
      const toInt = (xs: ArrayLike<number>) => Array.from(xs, (x) => Math.round(x * 1e7)); // granularity 100 nanodegrees
      const dense = new Proto();
      dense.packedDelta(1, ids);
      dense.packedDelta(8, toInt(lat));
      dense.packedDelta(9, toInt(lon));
      const group = new Proto();
      group.bytes(2, dense.done());
      block([''], group.done());
    },
    /** One block of ways with their tags. */
    ways(ways: readonly PbfWay[]) {
      const strings = [''];
      const index = new Map<string, number>();
      const sid = (s: string) => index.get(s) ?? (index.set(s, strings.push(s) - 1), strings.length - 1);
      const group = new Proto();
      for (const w of ways) {
        const way = new Proto();
        way.uint(1, w.id);
        const keys = Object.keys(w.tags);
        way.packed(2, keys.map(sid));
        way.packed(3, keys.map((k) => sid(w.tags[k]!)));
        way.packedDelta(8, w.refs);
        group.bytes(3, way.done());
      }
      block(strings, group.done());
    },
    close(): number {
      closeSync(fd);
      return bytes;
    },
  };
}
