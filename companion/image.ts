/** Image types a review photo may have, recognised by their first bytes (never by what the request says). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/** The image type of `b` by its magic number, with its pixel size when cheap to read; undefined for anything else. */
export function sniffImage(b: Uint8Array): { type: ImageType; width?: number; height?: number } | undefined {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (b.length >= 24 && PNG.every((x, i) => b[i] === x)) {
    return { type: 'image/png', width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { type: 'image/jpeg' };
  if (b.length >= 10 && (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a')) {
    return { type: 'image/gif', width: view.getUint16(6, true), height: view.getUint16(8, true) };
  }
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return { type: 'image/webp' };
  return undefined;
}
