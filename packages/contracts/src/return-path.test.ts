import { describe, expect, it } from 'vitest';
import { PLANS_PATH, plansPath, safeReturnPath } from './return-path';

describe('the plans path and its return', () => {
  it('carries a same-site tool path back', () => {
    expect(plansPath('/tools/cartoonify')).toBe(`${PLANS_PATH}&return=%2Ftools%2Fcartoonify`);
    expect(safeReturnPath('/tools/cartoonify?x=1')).toBe('/tools/cartoonify?x=1');
  });

  it.each([
    '//evil.example',
    'https://evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    'tools/x',
    '/\tx',
    '',
  ])('refuses %j as a place to return to', (hostile) => {
    expect(safeReturnPath(hostile)).toBeNull();
    expect(plansPath(hostile)).toBe(PLANS_PATH);
  });
});
