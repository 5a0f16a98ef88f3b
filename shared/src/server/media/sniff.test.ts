import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SNIFF_HEAD_BYTES, sniffMediaType } from './sniff';

const solid = () => sharp({ create: { width: 8, height: 6, channels: 3, background: '#3366cc' } });

/** An ISO-BMFF `ftyp` box: size, 'ftyp', major brand, minor version, compatible brands. */
function ftyp(major: string, compatible: string[]): Buffer {
  const size = 16 + 4 * compatible.length;
  const box = Buffer.alloc(size);
  box.writeUInt32BE(size, 0);
  box.write('ftyp', 4, 'latin1');
  box.write(major, 8, 'latin1');
  box.writeUInt32BE(0x200, 12);
  compatible.forEach((brand, i) => box.write(brand, 16 + 4 * i, 'latin1'));
  // What follows the ftyp box in a real file (a free/mdat box header).
  return Buffer.concat([box, Buffer.from([0, 0, 0, 8]), Buffer.from('free', 'latin1')]);
}

/** An EBML header with the given DocType, as at the start of a WebM or Matroska file. */
function ebmlHeader(docType: string): Buffer {
  const element = (id: number[], data: Buffer) => Buffer.concat([Buffer.from(id), Buffer.from([0x80 | data.length]), data]);
  const body = Buffer.concat([
    element([0x42, 0x86], Buffer.from([1])), // EBMLVersion
    element([0x42, 0xf7], Buffer.from([1])), // EBMLReadVersion
    element([0x42, 0xf2], Buffer.from([4])), // EBMLMaxIDLength
    element([0x42, 0xf3], Buffer.from([8])), // EBMLMaxSizeLength
    element([0x42, 0x82], Buffer.from(docType, 'latin1')), // DocType
    element([0x42, 0x87], Buffer.from([4])), // DocTypeVersion
    element([0x42, 0x85], Buffer.from([2])), // DocTypeReadVersion
  ]);
  const segment = Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0, 0, 0, 0, 0, 0x10, 0]);
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]), body, segment]);
}

describe('sniffMediaType', () => {
  it('recognises images written by sharp from their bytes', async () => {
    expect(sniffMediaType(await solid().jpeg().toBuffer())).toEqual({ kind: 'image', format: 'jpg', contentType: 'image/jpeg' });
    expect(sniffMediaType(await solid().png().toBuffer())).toEqual({ kind: 'image', format: 'png', contentType: 'image/png' });
    expect(sniffMediaType(await solid().webp().toBuffer())).toEqual({ kind: 'image', format: 'webp', contentType: 'image/webp' });
    expect(sniffMediaType(await solid().gif().toBuffer())).toEqual({ kind: 'image', format: 'gif', contentType: 'image/gif' });
    expect(sniffMediaType(await solid().avif().toBuffer())).toEqual({ kind: 'image', format: 'avif', contentType: 'image/avif' });
  });

  it('needs only the first bytes', async () => {
    const jpeg = await solid().jpeg().toBuffer();
    expect(sniffMediaType(jpeg.subarray(0, SNIFF_HEAD_BYTES))?.format).toBe('jpg');
    expect(sniffMediaType(jpeg.subarray(0, 3))?.format).toBe('jpg');
  });

  it('tells ISO-BMFF files apart by their ftyp brands', () => {
    expect(sniffMediaType(ftyp('heic', ['mif1', 'heic']))).toEqual({ kind: 'image', format: 'heic', contentType: 'image/heic' });
    expect(sniffMediaType(ftyp('mif1', ['mif1', 'heic', 'miaf']))?.format).toBe('heic');
    expect(sniffMediaType(ftyp('mif1', ['mif1']))?.format).toBe('heic');
    expect(sniffMediaType(ftyp('avif', ['avif', 'mif1', 'miaf']))?.format).toBe('avif');
    expect(sniffMediaType(ftyp('mif1', ['avif', 'mif1']))?.format).toBe('avif');
    expect(sniffMediaType(ftyp('isom', ['isom', 'iso2', 'avc1', 'mp41']))).toEqual({ kind: 'video', format: 'mp4', contentType: 'video/mp4' });
    expect(sniffMediaType(ftyp('mp42', ['mp42', 'isom']))?.format).toBe('mp4');
    expect(sniffMediaType(ftyp('qt  ', ['qt  ']))).toEqual({ kind: 'video', format: 'mov', contentType: 'video/quicktime' });
    // Audio-only and unknown brands are not accepted.
    expect(sniffMediaType(ftyp('M4A ', ['M4A ']))).toBeNull();
    expect(sniffMediaType(ftyp('crx ', ['crx ']))).toBeNull();
  });

  it('accepts WebM but not other Matroska files', () => {
    expect(sniffMediaType(ebmlHeader('webm'))).toEqual({ kind: 'video', format: 'webm', contentType: 'video/webm' });
    expect(sniffMediaType(ebmlHeader('matroska'))).toBeNull();
  });

  it('refuses everything else, whatever it is called', () => {
    expect(sniffMediaType(Buffer.from('Just some text, named photo.jpg\n'))).toBeNull();
    expect(sniffMediaType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(sniffMediaType(Buffer.from('%PDF-1.7\n'))).toBeNull();
    expect(sniffMediaType(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(sniffMediaType(Buffer.from([0x42, 0x4d, 0, 0, 0, 0]))).toBeNull(); // BMP
    expect(sniffMediaType(Buffer.alloc(0))).toBeNull();
    expect(sniffMediaType(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(sniffMediaType(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))).toBeNull();
  });
});
