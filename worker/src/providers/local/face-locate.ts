/**
 * Where the face probably is, cheaply: skin-coloured pixels (the classic YCbCr box) on a small
 * copy of the frame, the best-placed connected blob, and an ellipse around it that overlays keep
 * clear of. Falls back to the upper middle of the frame, where portraits put the face.
 */
import type { Frame } from './frame';

/** The keep-clear ellipse, in pixels of the frame. */
export interface FaceZone {
  cx: number;
  cy: number;
  rx: number;
  ry: number;
}

const GRID = 64;

export function defaultFaceZone(width: number, height: number): FaceZone {
  const base = Math.min(width, height);
  return { cx: width / 2, cy: height * 0.4, rx: base * 0.24, ry: base * 0.32 };
}

export function locateFace(frame: Frame): FaceZone {
  const { data, width, height } = frame;
  const gw = GRID;
  const gh = Math.max(8, Math.round((GRID * height) / width));
  const skin = new Uint8Array(gw * gh);
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      // Average a small block so noise and fine texture do not matter.
      const x0 = Math.floor((gx * width) / gw);
      const x1 = Math.max(x0 + 1, Math.floor(((gx + 1) * width) / gw));
      const y0 = Math.floor((gy * height) / gh);
      const y1 = Math.max(y0 + 1, Math.floor(((gy + 1) * height) / gh));
      let r = 0, g = 0, b = 0, count = 0;
      for (let y = y0; y < y1; y += 2) {
        for (let x = x0; x < x1; x += 2) {
          const i = (y * width + x) * 3;
          r += data[i]!;
          g += data[i + 1]!;
          b += data[i + 2]!;
          count++;
        }
      }
      r /= count;
      g /= count;
      b /= count;
      const yl = 0.299 * r + 0.587 * g + 0.114 * b;
      const cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
      const cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
      // Skin, not hair or a beige wall: a warm, fairly bright colour with red clearly above green.
      skin[gy * gw + gx] = yl > 80 && cb >= 80 && cb <= 125 && cr >= 138 && cr <= 172 && r - g > 18 && g > b ? 1 : 0;
    }
  }

  // Connected blobs; score favours size, the upper half and the middle.
  const label = new Int32Array(gw * gh);
  let best: { score: number; minX: number; maxX: number; minY: number; maxY: number; sx: number; n: number } | null = null;
  let next = 1;
  const stack: number[] = [];
  for (let start = 0; start < skin.length; start++) {
    if (!skin[start] || label[start]) continue;
    label[start] = next;
    stack.push(start);
    let n = 0, sx = 0, minX = gw, maxX = 0, minY = gh, maxY = 0;
    while (stack.length) {
      const p = stack.pop()!;
      const x = p % gw;
      const y = (p - x) / gw;
      n++;
      sx += x;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      for (const q of [x > 0 ? p - 1 : -1, x < gw - 1 ? p + 1 : -1, y > 0 ? p - gw : -1, y < gh - 1 ? p + gw : -1]) {
        if (q >= 0 && skin[q] && !label[q]) {
          label[q] = next;
          stack.push(q);
        }
      }
    }
    next++;
    const area = n / (gw * gh);
    if (area < 0.006) continue;
    const cx = sx / n / gw;
    const top = minY / gh;
    const score = Math.sqrt(area) * (1.2 - top) * (1 - Math.abs(cx - 0.5));
    if (!best || score > best.score) best = { score, minX, maxX, minY, maxY, sx, n };
  }
  if (!best) return defaultFaceZone(width, height);

  // A face is about 1.3× taller than wide; a blob running on into neck or hands is cut there.
  const bw = ((best.maxX - best.minX + 1) / gw) * width;
  const bh = Math.min(((best.maxY - best.minY + 1) / gh) * height, bw * 1.45);
  const cx = ((best.minX + best.maxX + 1) / 2 / gw) * width;
  const top = (best.minY / gh) * height;
  const base = Math.min(width, height);
  const rx = Math.min(base * 0.4, Math.max(base * 0.14, bw * 0.55 + base * 0.03));
  const ry = Math.min(height * 0.45, Math.max(rx * 1.25, bh * 0.5 + base * 0.06));
  return { cx, cy: top + bh * 0.5, rx, ry };
}
