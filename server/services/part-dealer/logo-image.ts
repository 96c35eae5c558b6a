import sharp from 'sharp';
import { ApiRefusal } from '../../http/respond';

/**
 * The largest logo accepted, in pixels each way. A file of a few hundred KB can declare
 * 16 000 × 16 000 pixels, and every browser showing it (the workshops' Suppliers page, the
 * wizard's dealer tiles) would decode about 1 GB (issue 27 §4).
 */
export const LOGO_MAX_SIDE = 2000;

/**
 * What the portal stores and serves: at most twice the largest box a screen shows a logo in (the
 * dealer's own profile, 200 × 120 CSS pixels), so it stays sharp on a high-density screen.
 */
export const LOGO_STORED_WIDTH = 400;
export const LOGO_STORED_HEIGHT = 240;

/**
 * Reads the image's header (dimensions, without decoding pixels) and refuses one larger than
 * LOGO_MAX_SIDE either way, or one that is not a PNG, JPEG or WebP image at all; then decodes it
 * (bounded by the same pixel count) and re-encodes it as a PNG that fits LOGO_STORED_WIDTH ×
 * LOGO_STORED_HEIGHT. Only what the portal encoded itself is ever served: no metadata, no second
 * frame, nothing a crafted file carried along. sharp works on libuv's thread pool, off the event loop.
 */
export async function reencodedLogo(bytes: Buffer): Promise<Buffer> {
  const options = { limitInputPixels: LOGO_MAX_SIDE * LOGO_MAX_SIDE, failOn: 'error' } as const;
  let width: number | undefined;
  let height: number | undefined;
  let format: string | undefined;
  try {
    ({ width, height, format } = await sharp(bytes, { ...options, limitInputPixels: false }).metadata());
  } catch {
    throw new ApiRefusal(400, 'logoTypeInvalid', { field: 'logo' });
  }
  if (!format || !['png', 'jpeg', 'webp'].includes(format) || !width || !height) {
    throw new ApiRefusal(400, 'logoTypeInvalid', { field: 'logo' });
  }
  if (width > LOGO_MAX_SIDE || height > LOGO_MAX_SIDE) {
    throw new ApiRefusal(400, 'logoDimensionsTooLarge', { field: 'logo' });
  }
  try {
    return await sharp(bytes, options)
      .rotate()
      .resize({ width: LOGO_STORED_WIDTH, height: LOGO_STORED_HEIGHT, fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    // The header was fine but the pixels are not (a truncated or corrupt file).
    throw new ApiRefusal(400, 'logoTypeInvalid', { field: 'logo' });
  }
}
