#!/usr/bin/env node
/**
 * Draws the app icons of the web manifest (`public/icons/`): the favicon's card, white on a full-bleed
 * blue square, kept inside the middle 70 % so it survives a maskable icon's crop. Writes `icon.svg` and
 * PNGs of 192 and 512 px (rasterised here, 4×4 supersampling, no dependencies). Run it again after
 * changing the drawing; the files are committed.
 */
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const BLUE = [0x2f, 0x6f, 0xeb];
const WHITE = [0xff, 0xff, 0xff];
const LIGHT = [0x9b, 0xb8, 0xf5];
/** The shapes on a 32-unit canvas, painted in order over the blue background. */
const SHAPES = [
  { kind: 'rect', x: 4, y: 3, w: 24, h: 26, r: 4, color: WHITE },
  { kind: 'circle', cx: 11, cy: 11, r: 3, color: BLUE },
  { kind: 'rect', x: 16, y: 9.5, w: 8, h: 3, r: 1.5, color: BLUE },
  { kind: 'rect', x: 8, y: 17, w: 16, h: 2.5, r: 1.25, color: LIGHT },
  { kind: 'rect', x: 8, y: 22, w: 11, h: 2.5, r: 1.25, color: LIGHT },
];
const SCALE = 0.7;
const hex = (c) => '#' + c.map((v) => v.toString(16).padStart(2, '0')).join('');

function svg() {
  const shapes = SHAPES.map((s) =>
    s.kind === 'circle'
      ? `    <circle cx="${s.cx}" cy="${s.cy}" r="${s.r}" fill="${hex(s.color)}"/>`
      : `    <rect x="${s.x}" y="${s.y}" width="${s.w}" height="${s.h}" rx="${s.r}" fill="${hex(s.color)}"/>`,
  );
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">',
    `  <rect width="32" height="32" fill="${hex(BLUE)}"/>`,
    `  <g transform="translate(16 16) scale(${SCALE}) translate(-16 -16)">`,
    ...shapes,
    '  </g>',
    '</svg>',
    '',
  ].join('\n');
}

function inside(s, x, y) {
  if (s.kind === 'circle') return (x - s.cx) ** 2 + (y - s.cy) ** 2 <= s.r ** 2;
  if (x < s.x || y < s.y || x > s.x + s.w || y > s.y + s.h) return false;
  const cx = Math.min(Math.max(x, s.x + s.r), s.x + s.w - s.r);
  const cy = Math.min(Math.max(y, s.y + s.r), s.y + s.h - s.r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= s.r ** 2;
}

function colorAt(u, v) {
  const x = (u - 16) / SCALE + 16;
  const y = (v - 16) / SCALE + 16;
  let color = BLUE;
  for (const s of SHAPES) if (inside(s, x, y)) color = s.color;
  return color;
}

function png(size) {
  const N = 4;
  const rows = [];
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 3); // filter byte 0, then RGB
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0];
      for (let i = 0; i < N; i++)
        for (let j = 0; j < N; j++) {
          const c = colorAt(((px + (i + 0.5) / N) * 32) / size, ((py + (j + 0.5) / N) * 32) / size);
          for (let k = 0; k < 3; k++) sum[k] += c[k];
        }
      for (let k = 0; k < 3; k++) row[1 + px * 3 + k] = Math.round(sum[k] / (N * N));
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

const dir = new URL('../public/icons/', import.meta.url);
writeFileSync(new URL('icon.svg', dir), svg());
for (const size of [192, 512]) writeFileSync(new URL(`icon-${size}.png`, dir), png(size));
console.log('wrote public/icons/icon.svg, icon-192.png, icon-512.png');
