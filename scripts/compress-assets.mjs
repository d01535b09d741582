// Build step after the pre-render: writes a brotli (.br) and a gzip (.gz) copy next to every text file
// of the built client (JavaScript, CSS, HTML, SVG, JSON, …), each at its best level. The server sends
// the copy the browser accepts (Content-Encoding, Vary: Accept-Encoding); compressing at build costs
// no CPU per request. A copy that would save under 5 % is not written. Decision 0121.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const CLIENT = process.argv[2] ?? 'dist/client';
const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
const MIN_BYTES = 256;

const brotli = (buf) =>
  zlib.brotliCompressSync(buf, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length,
    },
  });
const gzip = (buf) => zlib.gzipSync(buf, { level: zlib.constants.Z_BEST_COMPRESSION });

let files = 0;
let before = 0;
let afterBr = 0;
for (const rel of fs.readdirSync(CLIENT, { recursive: true })) {
  const file = path.join(CLIENT, rel);
  if (!TEXT.test(file) || !fs.statSync(file).isFile()) continue;
  const buf = fs.readFileSync(file);
  if (buf.length < MIN_BYTES) continue;
  for (const [ext, compress] of [
    ['.br', brotli],
    ['.gz', gzip],
  ]) {
    const out = compress(buf);
    if (out.length < buf.length * 0.95) fs.writeFileSync(file + ext, out);
    else fs.rmSync(file + ext, { force: true });
    if (ext === '.br') afterBr += Math.min(out.length, buf.length);
  }
  files++;
  before += buf.length;
}
console.log(
  `compressed ${files} files of ${CLIENT}: ${(before / 1024).toFixed(0)} KB -> ${(afterBr / 1024).toFixed(0)} KB with brotli`,
);
