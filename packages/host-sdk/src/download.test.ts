import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadFile, downloadNames } from './download';

describe('download names', () => {
  it('follows the spec patterns', () => {
    expect(downloadNames.galleryImage('42')).toBe('image-42.jpg');
    expect(downloadNames.toolImage('expression-change', 1736000000000)).toBe(
      'expression-change-1736000000000.jpg',
    );
    expect(downloadNames.speech(1)).toBe('speech-1.mp3');
    expect(downloadNames.soundEffect(2)).toBe('sound-effect-2.mp3');
    expect(downloadNames.isolatedAudio(3)).toBe('isolated-audio-3.mp3');
    // Ours: the ledger's CSV export, named by the day as credits names the attachment.
    expect(downloadNames.creditHistory(new Date('2025-05-02T09:00:00Z'))).toBe(
      'credit-history-2025-05-02.csv',
    );
  });
});

describe('downloadFile', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('saves the fetched file under the given name', async () => {
    vi.stubGlobal('fetch', async () => new Response(new Blob(['jpeg'])));
    const clicked: string[] = [];
    const original = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    };
    try {
      await downloadFile('/files/result.jpg', 'image-1.jpg');
    } finally {
      HTMLAnchorElement.prototype.click = original;
    }
    expect(clicked).toEqual(['image-1.jpg']);
  });

  it("rejects with the spec's text when the file cannot be fetched", async () => {
    vi.stubGlobal('fetch', async () => new Response('', { status: 404 }));
    await expect(
      downloadFile('/missing.mp3', 'speech-1.mp3', 'Failed to download audio file.'),
    ).rejects.toThrow('Failed to download audio file.');
  });
});
