/** product §3 "Crop result": x, y, width and height in pixels of the source image. */
export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** product §9: the cropped picture is a JPEG named "croppedImage". */
export const CROPPED_IMAGE_NAME = 'croppedImage';
const JPEG_QUALITY = 0.9;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The picture could not be read.'));
    image.src = src;
  });
}

/**
 * Draws the chosen square of the picture onto a canvas of the crop's own size and encodes it as
 * JPEG. The server scales and re-encodes it again, so no resizing happens here.
 */
export async function cropImage(src: string, area: CropArea): Promise<File> {
  const image = await loadImage(src);
  const width = Math.max(1, Math.round(area.width));
  const height = Math.max(1, Math.round(area.height));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot crop pictures.');
  // JPEG has no transparency: a transparent PNG would otherwise turn black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(image, Math.round(area.x), Math.round(area.y), width, height, 0, 0, width, height);

  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
  if (!blob) throw new Error('The cropped picture could not be encoded.');
  return new File([blob], CROPPED_IMAGE_NAME, { type: 'image/jpeg' });
}

/** Whether a chosen file is a picture (product §5 "The photo must be an image"), checked before any upload. */
export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/');
}
