// Precompresses the built app (brotli at max quality, gzip -9) so the server never compresses per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(process.argv[2] ?? 'dist/web');
const compressible = /\.(html|js|css|svg|json|txt|xml|webmanifest)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}

let count = 0;
for (const file of files(root)) {
  if (!compressible.test(file)) continue;
  const raw = readFileSync(file);
  if (raw.length < 256) continue;
  writeFileSync(`${file}.br`, brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
  count++;
}
console.log(`compressed ${count} files in ${path.relative(process.cwd(), root)}`);
