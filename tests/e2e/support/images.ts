import { deflateSync } from "node:zlib";

/** A real PNG of one colour, built in memory: a fixture without a binary file in the repository. */
export function pngImage(width: number, height: number, rgb: [number, number, number] = [79, 70, 229]) {
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => rgb[i % 3]!)]);
  return pngFile(
    width,
    height,
    { bitDepth: 8, colorType: 2 },
    Buffer.concat(Array.from({ length: height }, () => row)),
  );
}

/**
 * A PNG from its rows as they are before compression (each row a filter byte, then its
 * pixels): `colorType` 0 is greyscale, 2 is RGB. Also makes pictures far larger decoded
 * than stored, for the upload limits.
 */
export function pngFile(
  width: number,
  height: number,
  { bitDepth, colorType }: { bitDepth: number; colorType: 0 | 2 },
  rows: Buffer,
) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([bitDepth, colorType, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer) {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}
