import zlib from 'node:zlib';

/** One PNG chunk: length, type, data and CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A genuine PNG built here, so nothing is downloaded: by default a 1×1 red RGBA picture.
 * `colour` is the IHDR's bit depth, colour type, compression, filter and interlace; `pixels` the
 * raw scan lines (deflated here); `comment` pads the file with a text chunk of that many bytes.
 */
export function png({
  width = 1,
  height = 1,
  colour = [8, 6, 0, 0, 0],
  pixels = Buffer.from([0, 255, 0, 0, 255]),
  comment = 0,
}: {
  width?: number;
  height?: number;
  colour?: number[];
  pixels?: Buffer;
  comment?: number;
} = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set(colour, 8);
  const padding =
    comment > 0 ? [pngChunk('tEXt', Buffer.from(`Comment\0${'x'.repeat(comment)}`, 'latin1'))] : [];
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    ...padding,
    pngChunk('IDAT', zlib.deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
