import sharp from 'sharp';

/** A photo-sized picture with a coloured band, made on the spot: nothing is read from disk. */
export async function makeImage(
  format: 'png' | 'jpeg',
  { width = 800, height = 500, colour = { r: 46, g: 125, b: 50 } } = {},
): Promise<Buffer> {
  const band = await sharp({ create: { width, height: Math.round(height / 3), channels: 3, background: { r: 240, g: 200, b: 80 } } })
    .png()
    .toBuffer();
  const image = sharp({ create: { width, height, channels: 3, background: colour } }).composite([{ input: band, top: 0, left: 0 }]);
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 85 }).toBuffer();
}
