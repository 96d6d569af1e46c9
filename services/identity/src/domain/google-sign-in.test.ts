// After Google sign-in the browser may only be sent to a path on our own origin.
import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './google-sign-in';

describe('safeRedirectPath', () => {
  it('keeps same-origin paths and replaces anything else with the dashboard', () => {
    expect(safeRedirectPath('/tools/magic-enhance?x=1')).toBe('/tools/magic-enhance?x=1');
    expect(safeRedirectPath(undefined)).toBe('/dashboard');
    for (const hostile of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'evil',
      '/ spaced',
      '',
    ]) {
      expect(safeRedirectPath(hostile)).toBe('/dashboard');
    }
  });
});
