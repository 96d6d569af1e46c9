// Byte-pattern tests for sniffing a file's real type from its first bytes (the label a browser sends is not trusted).

/** True when `bytes` holds `pattern` at `offset`. */
export function hasBytesAt(bytes: Uint8Array, offset: number, pattern: readonly number[]): boolean {
  return bytes.length >= offset + pattern.length && pattern.every((value, i) => bytes[offset + i] === value);
}

/** True when `bytes` holds the ASCII text at `offset` (magic numbers such as 'RIFF', 'OggS', '%PDF-'). */
export function hasAsciiAt(bytes: Uint8Array, offset: number, text: string): boolean {
  return hasBytesAt(
    bytes,
    offset,
    [...text].map((char) => char.charCodeAt(0)),
  );
}
