import sharp from 'sharp';

/**
 * The starting canvas of a prompt with no photo (custom mode, text only): soft light blobs
 * placed by the seed, for a provider to restyle. 1024 px on the long side of the ratio.
 */
export async function textCanvas(aspectRatio: string, seed: number): Promise<Buffer> {
  const [w, h] = aspectRatio.split(':').map(Number) as [number, number];
  const width = w >= h ? 1024 : Math.round((1024 * w) / h);
  const height = h >= w ? 1024 : Math.round((1024 * h) / w);
  let state = seed >>> 0 || 1;
  const random = () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
  const blobs = Array.from({ length: 5 }, (_, i) => {
    const hue = Math.round(random() * 360);
    return `<radialGradient id="g${i}"><stop offset="0" stop-color="hsl(${hue},70%,62%)" stop-opacity="0.9"/><stop offset="1" stop-color="hsl(${hue},70%,40%)" stop-opacity="0"/></radialGradient>
<circle cx="${Math.round(random() * width)}" cy="${Math.round(random() * height)}" r="${Math.round((0.25 + random() * 0.35) * Math.max(width, height))}" fill="url(#g${i})"/>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs></defs><rect width="100%" height="100%" fill="#1b1726"/>${blobs.join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
