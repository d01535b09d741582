import fs from 'node:fs';
import { decodeImage } from '#server/lib/images/index.ts';
import { stageImage } from '#server/engines/local/stage.ts';
const img = await decodeImage(new Uint8Array(fs.readFileSync('/work/shared/fixtures/rooms/' + process.argv[2])));
for (let i = 0; i < 3; i++) {
  const t0 = performance.now();
  await stageImage(img, { style: 'modern', roomType: (process.argv[3] ?? 'living-room') as any, variant: i });
  console.log('ms', (performance.now() - t0).toFixed(0));
}
