/** An image as packed RGB bytes (3 a pixel, row by row): what the local engine's effects work on. */
export interface Frame {
  data: Uint8Array;
  width: number;
  height: number;
}
