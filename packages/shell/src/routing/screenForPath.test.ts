import { describe, expect, it } from '@jest/globals';
import { canonicalPath, screenForPath } from './screenForPath';

describe('screenForPath', () => {
  it.each([
    ['/alerts', 'alerts'],
    ['/Alerts/', 'alerts'],
    ['/positions', 'positions'],
    ['/POSITIONS//', 'positions'],
    ['/', 'alerts'],
    ['/portfolio', 'alerts'],
    ['/nowhere', 'alerts'],
  ])('%s shows %s', (pathname, screen) => {
    expect(screenForPath(pathname)).toBe(screen);
  });

  it('spells a path in lower case without trailing slashes', () => {
    expect(canonicalPath('/Positions///')).toBe('/positions');
    expect(canonicalPath('///')).toBe('/');
  });
});
