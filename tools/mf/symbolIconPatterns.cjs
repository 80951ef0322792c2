// The symbol logos every app that shows them serves at `/icons/<asset>.png` (ui-kit's
// `symbolLogoUrl`; the push payload's `icon`). They come from the `cryptocurrency-icons` package
// (128 px colour PNGs), never drawn by us.
'use strict';

const path = require('node:path');
const { createRequire } = require('node:module');

/**
 * copy-webpack-plugin patterns that copy the logo of every supported symbol's base asset into
 * `icons/` of the app's build. The file names come from `@pairwatch/domain`'s `symbolIconFile` (its
 * built `dist/`), so a new symbol gets its logo without touching any config.
 *
 * @param {string} appDir - the app's folder; it must depend on `@pairwatch/domain` and `cryptocurrency-icons`.
 * @returns {Array<{ from: string, to: string }>}
 */
function symbolIconPatterns(appDir) {
  const appRequire = createRequire(path.join(appDir, 'package.json'));
  let domain;
  try {
    domain = appRequire('@pairwatch/domain');
  } catch (error) {
    throw new Error(
      `symbolIconPatterns: cannot load @pairwatch/domain from ${appDir} (${error.message}); build it first.`,
    );
  }
  const iconsDir = path.join(
    path.dirname(appRequire.resolve('cryptocurrency-icons/package.json')),
    '128',
    'color',
  );
  const files = [...new Set(domain.SYMBOLS.map((symbol) => domain.symbolIconFile(symbol)))];
  return files.map((file) => ({ from: path.join(iconsDir, file), to: `icons/${file}` }));
}

module.exports = { symbolIconPatterns };
