import sharp from 'sharp';
const [a, b, out, top = '0', hgt = '900', width = '1800'] = process.argv.slice(2);
const ma = await sharp(a).metadata(), mb = await sharp(b).metadata();
const T = Number(top), H = Number(hgt);
const crop = async (p, m) => { const t = Math.min(T, m.height - 1); const hh = Math.min(H, m.height - t); const buf = await sharp(p).extract({ left: 0, top: t, width: m.width, height: hh }).toBuffer(); return { buf, hh }; };
const ca = await crop(a, ma), cb = await crop(b, mb);
const w = ma.width + mb.width + 12, h = Math.max(ca.hh, cb.hh);
const img = await sharp({ create: { width: w, height: h, channels: 3, background: '#ff0000' } }).composite([{ input: ca.buf, left: 0, top: 0 }, { input: cb.buf, left: ma.width + 12, top: 0 }]).png().toBuffer();
await sharp(img).resize({ width: Math.min(Number(width), w) }).png({ palette: true }).toFile(out);
