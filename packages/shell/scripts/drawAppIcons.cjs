// Draws the app icons in public/app-icons/ (three candles on a dark tile) as PNG files, with no
// image library: a tiny rasterizer + PNG encoder on node:zlib. Run `pnpm --filter @pairwatch/shell icons`
// after changing the drawing; the PNGs are committed.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

const BACKGROUND = [0x12, 0x14, 0x17];
const UP = [0x26, 0xa6, 0x9a];
const DOWN = [0xef, 0x53, 0x50];

/** Candles in a 100×100 design space: x centre, wick top/bottom, body top/bottom, colour. */
const CANDLES = [
  { x: 30, wick: [34, 78], body: [44, 70], color: UP },
  { x: 50, wick: [22, 66], body: [30, 52], color: DOWN },
  { x: 70, wick: [16, 58], body: [22, 46], color: UP },
];

function inRoundedSquare(u, v, radius) {
  const cx = Math.min(Math.max(u, radius), 100 - radius);
  const cy = Math.min(Math.max(v, radius), 100 - radius);
  return (u - cx) ** 2 + (v - cy) ** 2 <= radius ** 2;
}

/** The colour (RGBA) at design coordinates (u, v); `safe` shrinks the drawing for maskable icons. */
function sample(u, v, { maskable }) {
  if (!maskable && !inRoundedSquare(u, v, 22)) return [0, 0, 0, 0];
  const scale = maskable ? 0.72 : 1;
  const du = 50 + (u - 50) / scale;
  const dv = 50 + (v - 50) / scale;
  for (const candle of CANDLES) {
    const inWick = Math.abs(du - candle.x) <= 1.6 && dv >= candle.wick[0] && dv <= candle.wick[1];
    const inBody = Math.abs(du - candle.x) <= 6 && dv >= candle.body[0] && dv <= candle.body[1];
    if (inWick || inBody) return [...candle.color, 255];
  }
  return [...BACKGROUND, 255];
}

function render(size, options) {
  const samples = 4;
  const pixels = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const u = ((x + (sx + 0.5) / samples) / size) * 100;
          const v = ((y + (sy + 0.5) / samples) / size) * 100;
          const [r, g, b, a] = sample(u, v, options);
          sum[0] += r * a;
          sum[1] += g * a;
          sum[2] += b * a;
          sum[3] += a;
        }
      }
      const offset = (y * size + x) * 4;
      const alpha = sum[3] / (samples * samples);
      pixels[offset] = sum[3] ? Math.round(sum[0] / sum[3]) : 0;
      pixels[offset + 1] = sum[3] ? Math.round(sum[1] / sum[3]) : 0;
      pixels[offset + 2] = sum[3] ? Math.round(sum[2] / sum[3]) : 0;
      pixels[offset + 3] = Math.round(alpha);
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let crc = 0xffffffff;
  for (const byte of buffer) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function encodePng(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = [];
  for (let y = 0; y < size; y += 1) {
    rows.push(Buffer.from([0]), rgba.subarray(y * size * 4, (y + 1) * size * 4));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const outDir = path.join(__dirname, '..', 'public', 'app-icons');
fs.mkdirSync(outDir, { recursive: true });
const icons = [
  { file: 'pairwatch-180.png', size: 180, maskable: true }, // apple-touch-icon: iOS rounds the corners itself
  { file: 'pairwatch-192.png', size: 192, maskable: false },
  { file: 'pairwatch-512.png', size: 512, maskable: false },
  { file: 'pairwatch-maskable-512.png', size: 512, maskable: true },
];
for (const icon of icons) {
  fs.writeFileSync(path.join(outDir, icon.file), encodePng(icon.size, render(icon.size, icon)));
  console.log(`wrote ${icon.file}`);
}
