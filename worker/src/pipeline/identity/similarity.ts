/**
 * Similarity of two face embeddings from `createHumanEmbedder()` (human 3.3 FaceRes, 1024-d),
 * in 0..1: the cosine of the two vectors, clamped at 0.
 *
 * Calibration (measured with identity-check.test.ts on tests/fixtures/faces/, human 3.3.6,
 * tfjs-backend-wasm 4.22.0):
 *
 *   astronaut vs itself restyled with sharp          cosine
 *     colour-graded (tint)                            0.982
 *     greyscale                                       0.968
 *     flipped + cropped to 4:5                        0.926
 *     sepia (recomb)                                  0.965
 *     contrast boosted (linear 1.5, -64)              0.973
 *     (not in the test: downscaled to 256 px + JPEG q50: 0.905)
 *   different people
 *     astronaut vs grace_hopper                       0.392
 *     astronaut vs camera                             0.360
 *     grace_hopper vs camera                          0.305
 *
 * So the spec's per-mode thresholds (0.6–0.75) sit in the gap: restyles of the same person score
 * ≥ 0.9 (≥ 0.15 above 0.75), different people ≤ 0.4 (≥ 0.2 below 0.6). The FaceRes descriptor is
 * post-ReLU (all components ≥ 0), which is why unrelated faces still score ~0.3–0.4 rather than ~0.
 *
 * Plain cosine was chosen over `human.match.similarity`: its default mapping
 * (euclidean, multiplier 25, range 0.2–0.8) saturates at 1.00 for every restyle above and rounds to
 * two decimals, and euclidean distance depends on the descriptor's magnitude, which varies with
 * the image; cosine does not. (For reference its default gave: restyles 0.96–1.00, different
 * people 0.19/0.28.)
 */
export function faceSimilarity(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) {
    throw new Error(`face embeddings differ in length (${a.length} vs ${b.length})`);
  }
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  if (normA === 0 || normB === 0) return 0;
  const cosine = dot / Math.sqrt(normA * normB);
  return Math.min(1, Math.max(0, cosine));
}
