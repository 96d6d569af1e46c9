// The messages between the voice service and its local-work threads.

export type LocalTask =
  | { kind: 'speak'; text: string; voice: string }
  | { kind: 'isolate'; bytes: Uint8Array; mime: 'audio/mpeg' | 'audio/wav' };

export type LocalWorkerMessage =
  | { type: 'progress'; fraction: number }
  | { type: 'done'; mp3: Uint8Array; durationSeconds: number }
  | { type: 'error'; message: string; unreadable: boolean };

export interface LocalResult {
  mp3: Buffer;
  durationSeconds: number;
}
