/**
 * Width and height of an uploaded picture, read from its header without decoding it: a tiny
 * file can claim 30000×30000 pixels and cost gigabytes to decode wherever it is shown.
 */
export interface Dimensions {
  width: number;
  height: number;
}

/** The largest picture the shop keeps: 4096 pixels a side, 16 megapixels (4096×4096) at most. */
export const MAX_IMAGE_SIDE = 4096;
export const MAX_IMAGE_PIXELS = 4096 * 4096;

export const isOversized = ({ width, height }: Dimensions) =>
  width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS;

/** PNG: the IHDR chunk comes first, right after the 8-byte signature. */
function png(bytes: Buffer): Dimensions | null {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * GIF: the logical screen, and every frame's image descriptor (a frame may be larger than the
 * screen it claims, and decoders size their buffers by the frame).
 */
function gif(bytes: Buffer): Dimensions | null {
  if (bytes.length < 13) return null;
  let width = bytes.readUInt16LE(6);
  let height = bytes.readUInt16LE(8);
  const flags = bytes[10];
  let at = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  const skipSubBlocks = () => {
    while (at < bytes.length && bytes[at] !== 0) at += bytes[at] + 1;
    at += 1;
  };
  while (at < bytes.length) {
    const block = bytes[at];
    if (block === 0x3b) break; // trailer
    if (block === 0x21) {
      at += 2; // extension introducer and label
      skipSubBlocks();
    } else if (block === 0x2c) {
      if (at + 10 > bytes.length) break;
      width = Math.max(width, bytes.readUInt16LE(at + 1) + bytes.readUInt16LE(at + 5));
      height = Math.max(height, bytes.readUInt16LE(at + 3) + bytes.readUInt16LE(at + 7));
      const local = bytes[at + 9];
      at += 10 + (local & 0x80 ? 3 * 2 ** ((local & 0x07) + 1) : 0);
      at += 1; // LZW minimum code size
      skipSubBlocks();
    } else {
      break; // not a block a decoder would read further either
    }
  }
  return { width, height };
}

/** JPEG: walk the marker segments to the first start-of-frame (SOF0–SOF15 but DHT, JPG, DAC). */
function jpeg(bytes: Buffer): Dimensions | null {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2; // markers without a length
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) {
      if (at + 9 > bytes.length) return null;
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end or scan data before any frame
    at += 2 + length;
  }
  return null;
}

/**
 * The picture's size as its header states it, or null when there is no size to read (a JPEG
 * without a frame header cannot be decoded at all, so it cannot be a bomb either).
 */
export function imageDimensions(kind: 'png' | 'gif' | 'jpg', bytes: Buffer): Dimensions | null {
  if (kind === 'png') return png(bytes);
  if (kind === 'gif') return gif(bytes);
  return jpeg(bytes);
}
