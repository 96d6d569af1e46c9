// How long a browser recording plays when its container leaves the length out (docs/product-rules.md#dictation).
// Chrome's and Firefox's MediaRecorder write WebM as they record: the Segment and its Clusters have unknown sizes and
// the Info has no Duration, so the upload check accepts them without a length (service-kit media/audio.ts). Dictation
// is priced per started minute, so the length is read from the blocks themselves: each Cluster states its timecode
// and each (Simple)Block its offset from it; the last block's time plus one frame is how long the recording plays.

const SEGMENT = 0x18538067;
const CLUSTER = 0x1f43b675;
const BLOCK_GROUP = 0xa0;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const CLUSTER_TIMECODE = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK = 0xa1;
/** Masters read through rather than skipped: the blocks and the clock live inside them. */
const READ_THROUGH = new Set([SEGMENT, CLUSTER, BLOCK_GROUP, INFO]);
/** An Opus frame in a browser recording (20 ms): the last block plays this long after it starts. */
const LAST_FRAME_SECONDS = 0.02;

interface Vint {
  value: number;
  length: number;
  /** All value bits set: the "unknown size" of a master written while recording. */
  unknown: boolean;
}

function readVint(bytes: Uint8Array, at: number, keepMarker: boolean): Vint | undefined {
  const first = bytes[at];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return undefined;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i += 1) {
    const byte = bytes[at + i] ?? 0;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

function readUint(bytes: Uint8Array, at: number, size: number): number {
  let value = 0;
  for (let i = 0; i < size; i += 1) value = value * 256 + (bytes[at + i] ?? 0);
  return value;
}

/**
 * The seconds a WebM recording plays, read from its blocks' timecodes; undefined when no block can be read (the file
 * is then refused as audio that cannot be decoded).
 */
export function webmRecordingSeconds(bytes: Uint8Array): number | undefined {
  let scaleNs = 1_000_000;
  let clusterTime = 0;
  let lastBlock: number | undefined;
  let at = 0;
  while (at < bytes.length) {
    const id = readVint(bytes, at, true);
    const size = id && readVint(bytes, at + id.length, false);
    if (!id || !size) break;
    const body = at + id.length + size.length;
    if (READ_THROUGH.has(id.value)) {
      at = body;
      continue;
    }
    if (size.unknown || body + size.value > bytes.length) break;
    if (id.value === TIMECODE_SCALE) scaleNs = readUint(bytes, body, size.value) || scaleNs;
    if (id.value === CLUSTER_TIMECODE) clusterTime = readUint(bytes, body, size.value);
    if (id.value === SIMPLE_BLOCK || id.value === BLOCK) {
      const track = readVint(bytes, body, false);
      if (track && size.value >= track.length + 3) {
        const view = new DataView(bytes.buffer, bytes.byteOffset + body + track.length, 2);
        const time = clusterTime + view.getInt16(0);
        lastBlock = Math.max(lastBlock ?? time, time);
      }
    }
    at = body + size.value;
  }
  if (lastBlock === undefined) return undefined;
  return (lastBlock * scaleNs) / 1e9 + LAST_FRAME_SECONDS;
}
