import sharp from 'sharp';
const [,, src, out, top='0', height='1600', width] = process.argv;
const m = await sharp(src).metadata();
const h = Math.min(Number(height), m.height - Number(top));
await sharp(src).extract({ left: 0, top: Number(top), width: m.width, height: h }).resize({ width: width ? Number(width) : Math.min(m.width, 800) }).png().toFile(out);
console.log(m.width, m.height);
