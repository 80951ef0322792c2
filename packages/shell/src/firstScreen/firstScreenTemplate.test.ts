import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type FirstScreenTheme } from '@pairwatch/ui-kit/colors';

// public/index.html is html-webpack-plugin's lodash template; webpack.config.cjs gives it the
// theme's `frame`. This fills it in the same way, for the plain `<%= frame.… %>` it may use.
// The file webpack.config.cjs requires (a package export of ui-kit for build tools, not for code).
const theme = JSON.parse(
  readFileSync(require.resolve('@pairwatch/ui-kit/firstScreenTheme.json'), 'utf8'),
) as FirstScreenTheme;
const TEMPLATE = readFileSync(path.join(__dirname, '../../public/index.html'), 'utf8');
const PLACEHOLDER = /<%=\s*frame((?:\.\w+)+)\s*%>/g;

function render(template: string): string {
  return template.replace(PLACEHOLDER, (_match, fields: string) => {
    const value = fields
      .slice(1)
      .split('.')
      .reduce<unknown>((at, field) => (at as Record<string, unknown>)[field], theme.frame);
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new Error(`index.html reads frame${fields}, which the theme's frame does not have`);
    }
    return String(value);
  });
}

/** The colours a piece of CSS (or JSON) writes: hex, rgb() and rgba(). */
function colours(text: string): string[] {
  return text.match(/#[\da-f]{3,8}\b|rgba?\([^)]*\)/gi) ?? [];
}

describe('public/index.html (the static first screen)', () => {
  it('writes no colour by hand: each comes from the theme, light and dark', () => {
    expect(colours(TEMPLATE)).toEqual([]);
    expect(TEMPLATE.replace(PLACEHOLDER, '')).not.toContain('<%');
    const page = render(TEMPLATE);
    for (const mode of [theme.frame.light, theme.frame.dark]) {
      expect(page).toContain(`content="${mode.background}"`);
      expect(page).toContain(`--pwf-bar: ${mode.bar};`);
    }
  });

  it("draws the frame in the theme's toolbar heights, gutters and breakpoint", () => {
    const page = render(TEMPLATE);
    expect(page).toContain(`min-height: ${theme.frame.toolbar.minHeight}px;`);
    expect(page).toContain(`@media (min-width: ${theme.frame.breakpointSm}px)`);
    expect(page).toContain(`font-family: ${theme.frame.fontFamily};`);
  });
});
