// What grew between two V8 heap snapshots (MEMORY_PROBE_HEAPSNAPSHOT=1 leaves one per memory probe, see
// servers/memory-probe.mjs): objects by constructor or kind, with their count and shallow size, sorted by growth.
// Divided by the streams opened in between, it says what one open stream holds:
//   npx tsx load-tests/heap-diff.ts <before.heapsnapshot> <after.heapsnapshot> [per=<streams>] [top=<n>]
import { readFile } from 'node:fs/promises';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

export type HeapCounts = Map<string, { count: number; bytes: number }>;

/** Objects by `<kind> <name>` (a constructor's name for objects, the kind alone for strings, code, arrays…). */
export function countHeap(snapshot: Snapshot): HeapCounts {
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const counts: HeapCounts = new Map();
  for (let i = 0; i < snapshot.nodes.length; i += width) {
    const type = types[snapshot.nodes[i + typeAt]!] ?? 'unknown';
    const named = type === 'object' || type === 'closure' || type === 'native';
    const key = named ? `${type} ${snapshot.strings[snapshot.nodes[i + nameAt]!]}` : type;
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
  const read = async (file: string) => countHeap(JSON.parse(await readFile(file, 'utf8')) as Snapshot);
  const rows = heapGrowth(await read(beforeFile), await read(afterFile), option('per', 1));
  console.log(
    `total growth: ${rows.reduce((sum, row) => sum + row.bytes, 0)} bytes (per stream when per= given)`,
  );
  console.table(rows.slice(0, option('top', 40)));
}
