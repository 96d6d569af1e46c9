// A WebM as a browser's MediaRecorder writes it while recording: a Segment and Clusters of unknown size, no Duration
// in the Info, one Opus track, a SimpleBlock every 20 ms. Dictation reads its length from those blocks.

const UNKNOWN_SIZE = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);

/** An EBML element with an 8-byte size (or the unknown size a recorder writes for an open master). */
function element(id: readonly number[], body: Buffer, unknownSize = false): Buffer {
  const size = Buffer.alloc(8);
  size.writeBigUInt64BE(BigInt(body.length) | (1n << 56n));
  return Buffer.concat([Buffer.from(id), unknownSize ? UNKNOWN_SIZE : size, body]);
}

const uint = (value: number, bytes = 4) => {
  const out = Buffer.alloc(bytes);
  out.writeUIntBE(value, 0, bytes);
  return out;
};
const float64 = (value: number) => {
  const out = Buffer.alloc(8);
  out.writeDoubleBE(value);
  return out;
};

/**
 * A recording of `seconds` (20 ms Opus frames of silence), as Chrome writes it: its Clusters of unknown size unless
 * `unknownSizes` is false (as a muxer that knows each cluster's size writes them).
 */
export function makeRecordedWebm(seconds: number, unknownSizes = true): Buffer {
  const header = element(
    [0x1a, 0x45, 0xdf, 0xa3],
    Buffer.concat([
      element([0x42, 0x86], uint(1, 1)),
      element([0x42, 0xf7], uint(1, 1)),
      element([0x42, 0x82], Buffer.from('webm', 'latin1')),
      element([0x42, 0x87], uint(4, 1)),
      element([0x42, 0x85], uint(2, 1)),
    ]),
  );
  const info = element(
    [0x15, 0x49, 0xa9, 0x66],
    Buffer.concat([
      element([0x2a, 0xd7, 0xb1], uint(1_000_000)),
      element([0x4d, 0x80], Buffer.from('Chrome', 'latin1')),
    ]),
  );
  const track = element(
    [0xae],
    Buffer.concat([
      element([0xd7], uint(1, 1)),
      element([0x73, 0xc5], uint(1, 1)),
      element([0x83], uint(2, 1)),
      element([0x86], Buffer.from('A_OPUS', 'latin1')),
      element([0xe1], Buffer.concat([element([0xb5], float64(48000)), element([0x9f], uint(1, 1))])),
    ]),
  );
  const clusters: Buffer[] = [];
  const frames = Math.round((seconds * 1000) / 20);
  // A silent Opus frame (TOC byte of a 20 ms CELT frame, then nothing to decode).
  const frame = Buffer.from([0xf8, 0xff, 0xfe]);
  for (let first = 0; first < frames; first += 500) {
    const blocks: Buffer[] = [element([0xe7], uint(first * 20))];
    for (let i = first; i < Math.min(frames, first + 500); i += 1) {
      const offset = Buffer.alloc(2);
      offset.writeInt16BE((i - first) * 20);
      blocks.push(element([0xa3], Buffer.concat([Buffer.from([0x81]), offset, Buffer.from([0x80]), frame])));
    }
    clusters.push(element([0x1f, 0x43, 0xb6, 0x75], Buffer.concat(blocks), unknownSizes));
  }
  const segment = element(
    [0x18, 0x53, 0x80, 0x67],
    Buffer.concat([info, element([0x16, 0x54, 0xae, 0x6b], track), ...clusters]),
    unknownSizes,
  );
  return Buffer.concat([header, segment]);
}
