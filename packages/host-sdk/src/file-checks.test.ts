import { describe, expect, it } from 'vitest';
import {
  checkAudioFile,
  checkChatImageFile,
  checkImageFile,
  checkPdfFile,
  formatFileSizeKb,
} from './file-checks';

const MB = 1024 * 1024;

describe('upload checks', () => {
  it('accepts images up to 10 MB and names the problem otherwise', () => {
    expect(checkImageFile({ type: 'image/png', size: 10 * MB })).toBeNull();
    expect(checkImageFile({ type: 'application/pdf', size: 10 })).toBe(
      'Please select a valid image file (PNG, JPG, JPEG, WebP)',
    );
    expect(checkImageFile({ type: 'image/jpeg', size: 10 * MB + 1 })).toBe(
      'Image file size must be less than 10MB',
    );
  });

  it('uses the shorter text for chat images, and checks PDFs and audio', () => {
    expect(checkChatImageFile({ type: 'text/plain', size: 1 })).toBe('Please select a valid image file');
    expect(checkPdfFile({ type: 'image/png', size: 1 })).toBe('Please select a valid PDF file');
    expect(checkPdfFile({ type: 'application/pdf', size: 1 })).toBeNull();
    expect(checkAudioFile({ type: 'video/mp4', size: 1 })).toBe(
      'Please select a valid audio file (MP3, WAV, M4A, etc.)',
    );
    expect(checkAudioFile({ type: 'audio/mpeg', size: 5 * MB + 1 })).toBe(
      'Audio file size must be less than 5MB',
    );
  });

  it('formats sizes in KB', () => {
    expect(formatFileSizeKb(153_600)).toBe('150.0 KB');
  });
});
