// copy-webpack-plugin patterns that put every logo of the bundled icon set in an app's build as
// `icons/<asset>.svg`: the files @pairwatch/domain's assetIconFile names, which ui-kit's
// SymbolLogo and the api's push payloads point at. The set ships its SVGs as JS modules
// (`var BTC = '<svg…>'`), so each is turned back into the SVG file on the way.
'use strict';

const path = require('node:path');
const { readAssetIconSet, svgOfModule } = require('./assetIconSet.cjs');

/**
 * One pattern per folder of the set (a glob, filtered to the listed logos): one pattern per file
 * made the copy take 50 s instead of 2 for the ~1,800 logos.
 *
 * @returns {Array<{ from: string, to: (data: { absoluteFilename?: string }) => string, toType: 'file', filter: (file: string) => boolean, transform: { transformer: (content: Buffer, from: string) => Buffer, cache: true } }>}
 * @example
 *   new CopyPlugin({ patterns: assetIconCopyPatterns() }) // → dist/icons/btc.svg, …
 */
function assetIconCopyPatterns() {
  const codeOf = new Map(readAssetIconSet().icons.map((icon) => [icon.source, icon.code]));
  const folders = [...new Set([...codeOf.keys()].map((file) => path.dirname(file)))];
  return folders.map((folder) => ({
    // copy-webpack-plugin globs with forward slashes.
    from: `${folder.split(path.sep).join('/')}/*.svg.js`,
    filter: (file) => codeOf.has(path.resolve(file)),
    to: ({ absoluteFilename }) => `icons/${codeOf.get(path.resolve(absoluteFilename ?? ''))}.svg`,
    toType: 'file',
    transform: { transformer: (_content, from) => Buffer.from(svgOfModule(from)), cache: true },
  }));
}

module.exports = { assetIconCopyPatterns };
