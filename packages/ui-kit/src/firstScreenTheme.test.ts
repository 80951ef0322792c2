import { describe, expect, it } from '@jest/globals';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createPairwatchTheme } from './createPairwatchTheme';
import { FIRST_SCREEN_ALERTS } from './firstScreenTheme';
import { firstScreenThemeOf } from './test-support/firstScreenThemeOf';

const JSON_FILE = path.join(__dirname, 'firstScreenTheme.json');

describe('firstScreenTheme.json', () => {
  const fromTheme = firstScreenThemeOf(createPairwatchTheme('light'), createPairwatchTheme('dark'));

  // `pnpm --filter @pairwatch/ui-kit first-screen-theme` writes it from the theme.
  if (process.env['WRITE_FIRST_SCREEN_THEME'] === '1') {
    writeFileSync(JSON_FILE, `${JSON.stringify(fromTheme, undefined, 2)}\n`);
  }

  it('holds what createPairwatchTheme gives now, light and dark (else run first-screen-theme)', () => {
    expect(JSON.parse(readFileSync(JSON_FILE, 'utf8'))).toEqual(fromTheme);
  });

  it("gives the Alerts first screen the theme's banner colours, not MUI's default info blue", () => {
    const info = createPairwatchTheme('light').palette.info;
    expect(FIRST_SCREEN_ALERTS.light.info).toMatchObject({ border: info.light, icon: info.main });
    expect(FIRST_SCREEN_ALERTS.button.height).toBe(36.5);
  });
});
