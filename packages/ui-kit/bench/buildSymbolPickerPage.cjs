// Builds the symbol picker's bench page (symbolPickerPage.ts) for e2e/bench/symbolPicker.bench.ts:
// a production webpack build with a catalogue of 1,500 pairs, the page's HTML and every logo of
// the icon set as /icons/<asset>.svg, into the folder given as the first argument
// (dist/symbol-picker-bench by default).
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const { DEFAULT_SYMBOL_CATALOGUE, DEFAULT_SYMBOLS } = require('@pairwatch/domain');
const { readAssetIconSet, svgOfModule } = require('../scripts/assetIconSet.cjs');

const out = path.resolve(
  process.argv[2] ?? path.join(__dirname, '..', 'dist', 'symbol-picker-bench'),
);
const PAIRS = 1500;
/** The quote assets of Binance's spot pairs, most used first. */
const QUOTES = ['USDT', 'USDC', 'FDUSD', 'BTC', 'TRY', 'ETH', 'BNB', 'EUR', 'BRL', 'JPY'];

/**
 * A catalogue shaped like Binance's: the ten defaults first, then ~420 base assets (most with a
 * logo in the set, some without, which draw monograms) each quoted in USDT and some in other
 * quotes, in alphabetical order.
 */
function catalogue(icons) {
  const pair = (baseAsset, quoteAsset) => ({
    symbol: `${baseAsset}${quoteAsset}`,
    baseAsset,
    quoteAsset,
    priceFormat: { precision: 4, minMove: 0.0001 },
    quantityFormat: { precision: 2, minMove: 0.01 },
  });
  const bases = [
    ...icons.filter((_icon, i) => i % 5 === 0).map((icon) => icon.code.toUpperCase()),
    ...Array.from({ length: 60 }, (_, i) => `NOLOGO${i}`),
  ];
  const pairs = new Map(DEFAULT_SYMBOLS.map((s) => [s, DEFAULT_SYMBOL_CATALOGUE[s]]));
  for (let round = 0; pairs.size < PAIRS && round < QUOTES.length; round += 1) {
    bases.forEach((base, i) => {
      if (pairs.size >= PAIRS || (round > 0 && (i + round) % 3 !== 0)) return;
      const info = pair(base, QUOTES[round]);
      if (!pairs.has(info.symbol)) pairs.set(info.symbol, info);
    });
  }
  const [defaults, rest] = [[...pairs.values()].slice(0, 10), [...pairs.values()].slice(10)];
  return [...defaults, ...rest.sort((a, b) => (a.symbol < b.symbol ? -1 : 1))];
}

function main() {
  const set = readAssetIconSet();
  const symbols = catalogue(set.icons);
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(path.join(out, 'icons'), { recursive: true });
  for (const icon of set.icons) {
    fs.writeFileSync(path.join(out, 'icons', `${icon.code}.svg`), svgOfModule(icon.source));
  }
  fs.writeFileSync(
    path.join(out, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Symbol picker bench</title>' +
      '<meta name="viewport" content="width=device-width, initial-scale=1">' +
      '<script defer src="/page.js"></script></head><body><div id="root"></div></body></html>\n',
  );
  const compiler = webpack({
    mode: 'production',
    context: __dirname,
    entry: { page: './symbolPickerPage.ts' },
    output: { path: out, filename: '[name].js', clean: false },
    resolve: { extensions: ['.ts', '.tsx', '.js'] },
    devtool: false,
    performance: { hints: false },
    plugins: [new webpack.DefinePlugin({ __CATALOGUE__: JSON.stringify(symbols) })],
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: require.resolve('swc-loader'),
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic' } },
                target: 'es2022',
              },
            },
          },
        },
      ],
    },
  });
  compiler.run((error, stats) => {
    if (error || stats.hasErrors()) {
      console.error(error ?? stats.toString('errors-only'));
      process.exit(1);
    }
    const kib = fs.statSync(path.join(out, 'page.js')).size / 1024;
    console.log(`${out}: ${symbols.length} pairs, page.js ${kib.toFixed(0)} KiB`);
    compiler.close(() => undefined);
  });
}

main();
