// The bundled logo set, read from the installed @web3icons packages: which asset codes have a
// logo, the file each one comes from, and the asset's full name. One reader for the three users:
// generateAssetIcons.cjs (writes @pairwatch/domain's assetIcons.ts), assetIconCopyPatterns.cjs
// (copies the files to an app's /icons/) and the test that holds assetIcons.ts to the package.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');

/** The one variant we ship: the coloured logo on a transparent ground. */
const VARIANT = 'branded';

/**
 * Full names are kept for the assets ranked this high by market cap (or unranked, as Bitcoin is in
 * the metadata): the ones an exchange like Binance lists. Every name would triple the module the
 * browser loads (13 KB gzipped instead of 3 KB), and the long tail's names are mostly other
 * projects that happen to share a ticker.
 */
const NAMED_RANK_LIMIT = 500;

/**
 * The folder of an installed package from the file its entry resolves to: neither @web3icons
 * package exports its package.json. Resolved here, in ui-kit, which depends on both: the shell's
 * build and domain's test call this file from elsewhere.
 */
function packageDir(entry) {
  let dir = path.dirname(entry);
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}

function readManifest(dir) {
  return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
}

/**
 * The token metadata of @web3icons/common. It is an ES module (`const tokens = [...]; export {
 * tokens }`) of plain data: evaluated as a script without its export line, so that CommonJS
 * callers and jest's VM can read it alike.
 */
function readTokenMetadata(commonDir) {
  const file = path.join(commonDir, 'dist', 'metadata', 'tokens.js');
  const source = fs.readFileSync(file, 'utf8').replace(/^export \{[^}]*\}\s*$/m, '');
  const tokens = vm.runInNewContext(`${source}\n;tokens`, {}, { filename: file });
  if (!Array.isArray(tokens)) throw new Error(`assetIconSet: no token list in ${file}`);
  return tokens;
}

/**
 * Reads the SVG text out of one of @web3icons/core's modules (`var BTC = '<svg…>'; export { BTC
 * as default }`): the package ships its SVGs only as such modules, despite its README. Only the
 * string literal is evaluated.
 */
function svgOfModule(file) {
  const source = fs.readFileSync(file, 'utf8');
  const literal = /^var [\w$]+ =\s*('(?:[^'\\]|\\.)*')\s*$/m.exec(source);
  if (!literal) throw new Error(`assetIconSet: no SVG string in ${file}`);
  const svg = vm.runInNewContext(literal[1]);
  if (typeof svg !== 'string' || !svg.startsWith('<svg')) {
    throw new Error(`assetIconSet: ${file} does not hold an SVG`);
  }
  return svg;
}

/**
 * The installed icon set.
 *
 * @returns {{ packages: string, icons: Array<{ code: string, name?: string, source: string }> }}
 *   `packages` names the two packages and versions; `icons` is sorted by code, each with its
 *   lower-case asset code, its full name when kept (see NAMED_RANK_LIMIT; omitted when it says no
 *   more than the code) and the module file holding its SVG.
 */
function readAssetIconSet() {
  const coreDir = packageDir(require.resolve('@web3icons/core'));
  const commonDir = packageDir(require.resolve('@web3icons/common'));
  const core = readManifest(coreDir);
  const common = readManifest(commonDir);
  const svgs = path.join(coreDir, 'dist', 'svgs');
  const icons = new Map();
  for (const token of readTokenMetadata(commonDir)) {
    if (!token.variants.includes(VARIANT)) continue;
    // A token's logo is its own ("token:BTC") or its chain's ("network:ton" for Toncoin).
    const [kind, stem] = token.filePath.split(':');
    const folder = kind === 'token' ? 'tokens' : kind === 'network' ? 'networks' : undefined;
    if (folder === undefined || !stem) continue;
    const source = path.join(svgs, folder, VARIANT, `${stem}.svg.js`);
    if (!fs.existsSync(source)) continue;
    const code = token.symbol.toLowerCase();
    if (!/^[a-z0-9]+$/.test(code) || icons.has(code)) continue;
    const simplified = token.name.toLowerCase().replace(/[^a-z0-9]/g, '');
    const named =
      simplified !== code &&
      (token.marketCapRank === null || token.marketCapRank <= NAMED_RANK_LIMIT);
    // "|" and ":" separate the entries of the generated string.
    const name = named ? token.name.replace(/[|:]/g, ' -').replace(/\s+/g, ' ').trim() : undefined;
    icons.set(code, { code, ...(name ? { name } : {}), source });
  }
  return {
    packages: `${core.name} ${core.version} and ${common.name} ${common.version} (${core.license})`,
    icons: [...icons.values()].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)),
  };
}

module.exports = { readAssetIconSet, svgOfModule };
