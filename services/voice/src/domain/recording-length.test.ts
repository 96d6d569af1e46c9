import { describe, expect, it } from 'vitest';
import { probeAudio } from '@act/service-kit/media';
import { makeWebm } from '@act/service-kit/testing';
import { makeRecordedWebm } from '../test-support/recorded-webm';
import { webmRecordingSeconds } from './recording-length';

describe('webmRecordingSeconds', () => {
  it('reads how long a MediaRecorder WebM plays from its blocks, across clusters of unknown size', async () => {
    const recording = makeRecordedWebm(61.5);
    // Chrome's clusters of unknown size are more than the shared parser can walk: the blocks are read here.
    expect(await probeAudio(recording)).toBeUndefined();
    expect(webmRecordingSeconds(recording)).toBeCloseTo(61.5, 1);
    expect(webmRecordingSeconds(makeRecordedWebm(2))).toBeCloseTo(2, 1);
  });

  it('reads the same length when the clusters state their sizes, which the shared parser takes without one', async () => {
    const recording = makeRecordedWebm(61.5, false);
    expect(await probeAudio(recording)).toEqual({ mime: 'audio/webm', durationSeconds: undefined });
    expect(webmRecordingSeconds(recording)).toBeCloseTo(61.5, 1);
  });

  it('says nothing for a WebM without blocks or for bytes that are not WebM', () => {
    expect(webmRecordingSeconds(makeWebm())).toBeUndefined();
    expect(webmRecordingSeconds(Buffer.from('not a recording'))).toBeUndefined();
    expect(webmRecordingSeconds(Buffer.alloc(0))).toBeUndefined();
  });
});
