// Writes one member's export zip (docs/architecture.md#data-export) to a file: README.txt, account.json, then every
// service's documents (deflated JSON) and stored files (streamed from the object store, stored as they are: images
// and audio are compressed already). Paths come from the services and keys from their records, so both are checked:
// a path stays inside the zip, and a file key must be the member's own (`<service>/<userId>/<name>`).
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { MemberExportPart, MemberExportService } from '@act/contracts/server';

/** A relative path of plain segments: no `..`, no leading slash, nothing a zip tool could write outside its folder. */
const SAFE_PATH = /^(?!.*(?:^|\/)\.\.?(?:\/|$))[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export interface ZipSources {
  userId: string;
  account: unknown;
  readme: string;
  parts: ReadonlyArray<{ service: MemberExportService; part: MemberExportPart }>;
  /** Opens a stored object's bytes. */
  open(key: string): Promise<Readable>;
}

export class UnsafeExportEntry extends Error {
  constructor(what: string) {
    super(`refused export entry: ${what}`);
    this.name = 'UnsafeExportEntry';
  }
}

/** Writes the zip to `file`; rejects (leaving a partial file for the caller to remove) on any failure. */
export async function writeExportZip(file: string, sources: ZipSources): Promise<void> {
  checkEntries(sources);
  const out = createWriteStream(file);
  let failure: Error | undefined;
  const finished = new Promise<void>((resolve, reject) => {
    out.on('error', reject);
    out.on('finish', resolve);
  });
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      failure = error;
      out.destroy(error);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const drained = async () => {
    if (failure) throw failure;
    if (out.writableNeedDrain) await once(out, 'drain');
  };
  const addText = (path: string, text: string) => {
    const entry = new ZipDeflate(path, { level: 6 });
    zip.add(entry);
    entry.push(Buffer.from(text, 'utf8'), true);
  };

  addText('README.txt', sources.readme);
  addText('account.json', json(sources.account));
  for (const { part } of sources.parts) {
    for (const document of part.documents) {
      addText(document.path, json(document.data));
      await drained();
    }
  }
  for (const { part } of sources.parts) {
    for (const stored of part.files) {
      const entry = new ZipPassThrough(stored.path);
      zip.add(entry);
      const body = await sources.open(stored.key);
      for await (const chunk of body) {
        entry.push(chunk as Uint8Array);
        await drained();
      }
      entry.push(new Uint8Array(), true);
    }
  }
  zip.end();
  await finished;
  if (failure) throw failure;
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

function checkEntries({ userId, parts }: ZipSources): void {
  const seen = new Set(['README.txt', 'account.json']);
  for (const { service, part } of parts) {
    const paths = [...part.documents.map((d) => d.path), ...part.files.map((f) => f.path)];
    for (const path of paths) {
      if (!SAFE_PATH.test(path)) throw new UnsafeExportEntry(`${service} path ${path}`);
      if (seen.has(path)) throw new UnsafeExportEntry(`${service} path ${path} given twice`);
      seen.add(path);
    }
    for (const { key } of part.files) {
      const [, owner] = key.split('/');
      if (owner !== userId) throw new UnsafeExportEntry(`${service} key ${key} is not the member's`);
    }
  }
}
