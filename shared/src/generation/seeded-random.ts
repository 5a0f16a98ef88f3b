/**
 * A small deterministic random source (FNV-1a hash of the seed, then mulberry32), so that a run
 * draws the same randomized prompt every time it is processed. Values are in [0, 1).
 */
export function seededRandom(seed: string | number): () => number {
  const text = String(seed);
  let state = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    state ^= text.charCodeAt(i);
    state = Math.imul(state, 0x01000193);
  }
  state >>>= 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
