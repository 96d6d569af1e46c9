// What grew between two V8 heap snapshots (MEMORY_PROBE_HEAPSNAPSHOT=1 leaves one per memory probe, see
// servers/memory-probe.mjs): objects by constructor or kind, with their count and shallow size, sorted by growth.
// Divided by the streams opened in between, it says what one open stream holds:
//   npx tsx load-tests/heap-diff.ts <before.heapsnapshot> <after.heapsnapshot> [per=<streams>] [top=<n>] [owners]
import { readFile } from 'node:fs/promises';

interface Snapshot {
  snapshot: {
    meta: {
      node_fields: string[];
      node_types: [string[], ...unknown[]];
      edge_fields: string[];
      edge_types: [string[], ...unknown[]];
    };
  };
  nodes: number[];
  edges: number[];
  strings: string[];
}

export type HeapCounts = Map<string, { count: number; bytes: number }>;

/**
 * Objects by `<kind> <name>` (a constructor's name for objects, the kind alone for strings, code, arrays…). With
 * `owners`, internal arrays and closure contexts are named after the first object holding them
 * (`array ← object Foo.bar`), which says whose they are.
 */
export function countHeap(snapshot: Snapshot, owners = false): HeapCounts {
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const plainKey = (i: number) => {
    const type = types[snapshot.nodes[i + typeAt]!] ?? 'unknown';
    const named = type === 'object' || type === 'closure' || type === 'native';
    return named ? `${type} ${snapshot.strings[snapshot.nodes[i + nameAt]!]}` : type;
  };
  const ownerOf = new Map<number, string>();
  if (owners) {
    const edgeFields = snapshot.snapshot.meta.edge_fields;
    const edgeTypes = snapshot.snapshot.meta.edge_types[0];
    const edgeWidth = edgeFields.length;
    const edgeTypeAt = edgeFields.indexOf('type');
    const edgeNameAt = edgeFields.indexOf('name_or_index');
    const toAt = edgeFields.indexOf('to_node');
    const countAt = fields.indexOf('edge_count');
    let edge = 0;
    for (let i = 0; i < snapshot.nodes.length; i += width) {
      const parent = plainKey(i);
      const owner = parent === 'array' || parent === 'hidden' ? undefined : parent;
      for (let e = 0; e < snapshot.nodes[i + countAt]!; e++, edge += edgeWidth) {
        const to = snapshot.edges[edge + toAt]!;
        if (!owner || ownerOf.has(to)) continue;
        const edgeType = edgeTypes[snapshot.edges[edge + edgeTypeAt]!];
        if (edgeType === 'weak') continue;
        const label =
          edgeType === 'element' || edgeType === 'hidden'
            ? `[${edgeType}]`
            : String(snapshot.strings[snapshot.edges[edge + edgeNameAt]!]);
        ownerOf.set(to, `${owner}.${label}`);
      }
    }
  }
  const counts: HeapCounts = new Map();
  for (let i = 0; i < snapshot.nodes.length; i += width) {
    let key = plainKey(i);
    if (
      owners &&
      (key === 'array' || key === 'object system / Context' || key === 'hidden' || key === 'object Array')
    ) {
      key = `${key} ← ${ownerOf.get(i) ?? '?'}`;
    }
    const entry = counts.get(key) ?? { count: 0, bytes: 0 };
    entry.count += 1;
    entry.bytes += snapshot.nodes[i + sizeAt]!;
    counts.set(key, entry);
  }
  return counts;
}

export function heapGrowth(before: HeapCounts, after: HeapCounts, per = 1) {
  return [...after.entries()]
    .map(([name, { count, bytes }]) => {
      const old = before.get(name) ?? { count: 0, bytes: 0 };
      return {
        name,
        count: Math.round(((count - old.count) / per) * 10) / 10,
        bytes: Math.round((bytes - old.bytes) / per),
      };
    })
    .filter((row) => row.bytes !== 0)
    .sort((a, b) => b.bytes - a.bytes);
}

if (process.argv[1]?.endsWith('heap-diff.ts')) {
  const [beforeFile, afterFile, ...rest] = process.argv.slice(2);
  if (!beforeFile || !afterFile) {
    console.error('usage: tsx load-tests/heap-diff.ts <before> <after> [per=<streams>] [top=<n>]');
    process.exit(2);
  }
  const option = (name: string, fallback: number) =>
    Number(rest.find((arg) => arg.startsWith(`${name}=`))?.split('=')[1] ?? fallback);
  const owners = rest.includes('owners');
  const read = async (file: string) =>
    countHeap(JSON.parse(await readFile(file, 'utf8')) as Snapshot, owners);
  const rows = heapGrowth(await read(beforeFile), await read(afterFile), option('per', 1));
  console.log(
    `total growth: ${rows.reduce((sum, row) => sum + row.bytes, 0)} bytes (per stream when per= given)`,
  );
  console.table(rows.slice(0, option('top', 40)));
}
