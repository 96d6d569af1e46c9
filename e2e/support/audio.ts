// Audio the voice pages are given in e2e: a real tone under noise, so isolation and transcription have work to do.

const RATE = 48_000;

/** A 16-bit mono WAV at 48 kHz, `seconds` long, each sample (−1 to 1) given by `sample(time in seconds)`. */
export function wavOf(seconds: number, sample: (t: number) => number): Buffer {
  const samples = Math.round(seconds * RATE);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(RATE, 24);
  wav.writeUInt32LE(RATE * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i += 1) wav.writeInt16LE(Math.round(sample(i / RATE) * 32767), 44 + i * 2);
  return wav;
}

/** A 440 Hz tone under white noise of the given amplitude (0–1), `seconds` long. */
export function noisyToneWav(seconds: number, noise = 0.2): Buffer {
  return wavOf(seconds, (t) => 0.4 * Math.sin(2 * Math.PI * 440 * t) + noise * (Math.random() * 2 - 1));
}
