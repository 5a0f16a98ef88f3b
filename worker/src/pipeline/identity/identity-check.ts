/**
 * Identity check of a generation run: does the generated image still show the person of the
 * source photo? The source face is embedded once per run (`prepareSource`) and reused for every
 * output / retry (`check`).
 */
import type { FaceEmbedder } from './face-embedder';
import { faceSimilarity } from './similarity';

export interface IdentityVerdict {
  /** false when the source photo has no face: nothing to compare, the check is skipped (passed) */
  applicable: boolean;
  /** similarity in 0..1 (see similarity.ts); null when not applicable, 0 when the output has no face */
  score: number | null;
  threshold: number;
  passed: boolean;
  reason?: 'no-face-in-source' | 'no-face-in-output';
}

/** The source photo's face, computed once per run. `embedding` is null when it has no face. */
export interface SourceFace {
  readonly embedding: Float32Array | null;
}

export class IdentityChecker {
  constructor(private readonly embedder: FaceEmbedder) {}

  async prepareSource(image: Buffer): Promise<SourceFace> {
    return { embedding: await this.embedder.embed(image) };
  }

  /** `threshold` in 0..1: the output passes when its score is at least this. */
  async check(source: SourceFace, output: Buffer, threshold: number): Promise<IdentityVerdict> {
    if (!Number.isFinite(threshold) || threshold < 0 || threshold > 1) {
      throw new RangeError(`identity threshold must be in 0..1, got ${threshold}`);
    }
    if (!source.embedding) {
      return { applicable: false, score: null, threshold, passed: true, reason: 'no-face-in-source' };
    }
    // A look can make the detector see a second "face" (a pattern, a helmet): the person is
    // whichever detected face resembles the source most, not simply the largest.
    const faces = await this.embedder.embedAll(output);
    if (faces.length === 0) {
      return { applicable: true, score: 0, threshold, passed: false, reason: 'no-face-in-output' };
    }
    const sourceEmbedding = source.embedding;
    const score = Math.max(...faces.map((face) => faceSimilarity(sourceEmbedding, face)));
    return { applicable: true, score, threshold, passed: score >= threshold };
  }
}
