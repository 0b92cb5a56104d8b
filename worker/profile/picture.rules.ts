/**
 * What a profile picture may be, checked the same way by the settings form (before uploading) and
 * by the service (on the bytes received). No imports: the browser loads this module too.
 */

/** JPG, PNG or GIF, under 2 MB. The upload route's body limit and the page forms' read this too. */
export const maxPictureBytes = 2 * 1024 * 1024;

export const pictureTypes = ["image/jpeg", "image/png", "image/gif"] as const;
export type PictureType = (typeof pictureTypes)[number];

/** The longest signature below: how many leading bytes a check needs to read. */
export const pictureSignatureBytes = 8;

const signatures: Array<{ type: PictureType; bytes: number[] }> = [
  { type: "image/jpeg", bytes: [0xff, 0xd8, 0xff] },
  { type: "image/png", bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: "image/gif", bytes: [0x47, 0x49, 0x46, 0x38, 0x37, 0x61] }, // GIF87a
  { type: "image/gif", bytes: [0x47, 0x49, 0x46, 0x38, 0x39, 0x61] }, // GIF89a
];

/** The image type the bytes really are (their magic number), whatever the upload claimed; null when none of ours. */
export function detectPictureType(bytes: Uint8Array): PictureType | null {
  const match = signatures.find((signature) => signature.bytes.every((byte, index) => bytes[index] === byte));
  return match?.type ?? null;
}
