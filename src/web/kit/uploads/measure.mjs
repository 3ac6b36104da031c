// What shrinking a camera photo saves (results in MEASURE.md). A synthetic camera-like
// 4000×3000 JPEG, then what the browser sends: long side 1600 px (2400 for an ID), WebP/JPEG q82.
import sharp from 'sharp';
const W = 4000, H = 3000;
const raw = Buffer.alloc(W * H * 3);
let seed = 42;
const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
  const i = (y * W + x) * 3;
  const block = ((x >> 7) + (y >> 7)) & 1; // edges, like a face/background boundary
  const h = (((x >> 2) * 73856093) ^ ((y >> 2) * 19349663)) & 0xffff; const n = () => (rnd() - 0.5) * 16 + ((h / 0xffff) - 0.5) * 40; // sensor noise + 4-px texture that survives downscaling
  raw[i] = Math.max(0, Math.min(255, 120 + 80 * Math.sin(x / 300) + 30 * block + n()));
  raw[i + 1] = Math.max(0, Math.min(255, 100 + 60 * Math.cos(y / 250) + n()));
  raw[i + 2] = Math.max(0, Math.min(255, 90 + 50 * Math.sin((x + y) / 400) - 20 * block + n()));
}
const original = await sharp(raw, { raw: { width: W, height: H, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();
const resize = () => sharp(original).rotate().resize(1600, 1600, { fit: 'inside', withoutEnlargement: true });
const webp = await resize().webp({ quality: 82 }).toBuffer();
const jpeg = await resize().jpeg({ quality: 82 }).toBuffer();
const doc = await sharp(original).resize(2400, 2400, { fit: 'inside' }).webp({ quality: 82 }).toBuffer();
const kB = (b) => `${(b.length / 1024).toFixed(0)} kB`;
const at750 = (b) => `${((b.length * 8) / 750_000).toFixed(1)} s at 750 kbit/s`;
console.log(`original 4000×3000 JPEG q92: ${kB(original)} (${at750(original)})`);
console.log(`picture 1600×1200 WebP q82:  ${kB(webp)} (${at750(webp)})`);
console.log(`picture 1600×1200 JPEG q82:  ${kB(jpeg)} (${at750(jpeg)})`);
console.log(`ID doc 2400×1800 WebP q82:   ${kB(doc)} (${at750(doc)})`);
