/**
 * Media type from the first bytes of a file (magic numbers). The file name and the
 * Content-Type a client sends are never trusted: only what the bytes say counts.
 */

export type MediaKind = 'image' | 'video';

/** Formats as Cloudinary names them (`jpg`, not `jpeg`); also the stored file's extension. */
export type ImageFormat = 'jpg' | 'png' | 'webp' | 'gif' | 'heic' | 'avif';
export type VideoFormat = 'mp4' | 'mov' | 'webm';
export type MediaFormat = ImageFormat | VideoFormat;

export type SniffedMedia =
  | { kind: 'image'; format: ImageFormat; contentType: string }
  | { kind: 'video'; format: VideoFormat; contentType: string };

/** Enough bytes for every signature below, including an ISO-BMFF ftyp box with many brands. */
export const SNIFF_HEAD_BYTES = 256;

const CONTENT_TYPES: Record<MediaFormat, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  heic: 'image/heic',
  avif: 'image/avif',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

// ISO base media file format brands (ftyp major and compatible brands).
const AVIF_BRANDS = new Set(['avif', 'avis']);
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis']);
/** Generic HEIF still-image brands: HEIF unless an AVIF or video brand says otherwise. */
const HEIF_GENERIC_BRANDS = new Set(['mif1', 'msf1']);
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'dash', 'mmp4', 'f4v ']);
const QUICKTIME_BRAND = 'qt  ';

function media(format: MediaFormat): SniffedMedia {
  const contentType = CONTENT_TYPES[format];
  switch (format) {
    case 'mp4':
    case 'mov':
    case 'webm':
      return { kind: 'video', format, contentType };
    default:
      return { kind: 'image', format, contentType };
  }
}

const ascii = (head: Buffer, start: number, end: number) => head.toString('latin1', start, end);

/** What the bytes are, or null for anything that is not a supported image or video. */
export function sniffMediaType(head: Buffer): SniffedMedia | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return media('jpg');
  if (head.length >= 8 && head.subarray(0, 8).equals(PNG_SIGNATURE)) return media('png');
  if (head.length >= 6 && (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a')) return media('gif');
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return media('webp');
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp') return sniffIsoBmff(head);
  if (head.length >= 4 && head.subarray(0, 4).equals(EBML_MAGIC)) return ebmlDocType(head) === 'webm' ? media('webm') : null;
  return null;
}

/** mp4, mov, heic and avif all start with an `ftyp` box: its brands tell them apart. */
function sniffIsoBmff(head: Buffer): SniffedMedia | null {
  const boxSize = head.readUInt32BE(0);
  if (boxSize < 16) return null;
  const end = Math.min(boxSize, head.length);
  const major = ascii(head, 8, 12);
  const brands = [major];
  for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(ascii(head, offset, offset + 4));

  if (brands.some((b) => AVIF_BRANDS.has(b))) return media('avif');
  if (brands.some((b) => HEIC_BRANDS.has(b))) return media('heic');
  if (major === QUICKTIME_BRAND) return media('mov');
  if (brands.some((b) => MP4_BRANDS.has(b))) return media('mp4');
  if (brands.some((b) => HEIF_GENERIC_BRANDS.has(b))) return media('heic');
  if (brands.includes(QUICKTIME_BRAND)) return media('mov');
  return null;
}

/**
 * The DocType of an EBML header (`webm` or `matroska`), or null. The header is
 * `1A 45 DF A3`, its size, then child elements; DocType has the id `42 82`.
 */
function ebmlDocType(head: Buffer): string | null {
  const headerSize = readVint(head, 4);
  if (!headerSize) return null;
  let offset = 4 + headerSize.length;
  const end = Math.min(head.length, offset + headerSize.value);
  while (offset + 2 < end) {
    const id = readElementId(head, offset);
    if (!id) return null;
    const size = readVint(head, offset + id.length);
    if (!size) return null;
    const dataStart = offset + id.length + size.length;
    if (id.value === 0x4282) {
      if (dataStart + size.value > head.length) return null;
      return ascii(head, dataStart, dataStart + size.value).replace(/\0+$/, '');
    }
    offset = dataStart + size.value;
  }
  return null;
}

/** An EBML element id: its length marker bits are kept as part of the id. */
function readElementId(buf: Buffer, offset: number): { value: number; length: number } | null {
  const first = buf[offset];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23; // 1..8 for a non-zero byte
  if (length > 4 || offset + length > buf.length) return null;
  let value = 0;
  for (let i = 0; i < length; i++) value = value * 256 + (buf[offset + i] ?? 0);
  return { value, length };
}

/** An EBML variable-length integer (the length marker bit removed). */
function readVint(buf: Buffer, offset: number): { value: number; length: number } | null {
  const first = buf[offset];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > 8 || offset + length > buf.length) return null;
  let value = first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + (buf[offset + i] ?? 0);
  return { value, length };
}

export function contentTypeOf(format: MediaFormat): string {
  return CONTENT_TYPES[format];
}
