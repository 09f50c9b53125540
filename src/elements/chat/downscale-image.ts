/**
 * Images go to vision models as data URLs inside the request. Phone photos
 * are 4000 px and several MB; models read at most about 2048 px anyway, so
 * a larger image is scaled down here before it is sent (and before it is
 * held in memory for the message shown).
 */

export const MAX_IMAGE_EDGE = 2048
/** JPEG quality for photos we re-encode: visually lossless for reading text in them. */
const JPEG_QUALITY = 0.9

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error ?? new Error('read failed'))
    reader.readAsDataURL(blob)
  })
}

/** The scale that fits `width`×`height` within `max` on its longer edge (1 when it fits already). */
export function fitScale(width: number, height: number, max = MAX_IMAGE_EDGE): number {
  const edge = Math.max(width, height)
  return edge > max ? max / edge : 1
}

/** Decodes an image file through an <img> (createImageBitmap can stall in a background tab). */
function loadImage(file: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file)
    const image = new Image()
    image.onload = () => {
      URL.revokeObjectURL(url)
      resolve(image)
    }
    image.onerror = () => {
      URL.revokeObjectURL(url)
      reject(new Error('not a readable image'))
    }
    image.src = url
  })
}

/** A data URL of the image, no larger than `max` px on its longer edge. */
export async function downscaleImage(file: Blob, max = MAX_IMAGE_EDGE): Promise<string> {
  const image = await loadImage(file)
  const scale = fitScale(image.naturalWidth, image.naturalHeight, max)
  // Small images go as they are: re-encoding would only cost quality.
  if (scale === 1) return readAsDataUrl(file)
  const canvas = document.createElement('canvas')
  canvas.width = Math.round(image.naturalWidth * scale)
  canvas.height = Math.round(image.naturalHeight * scale)
  const context = canvas.getContext('2d')
  if (!context) throw new Error('no 2d canvas')
  context.imageSmoothingQuality = 'high'
  context.drawImage(image, 0, 0, canvas.width, canvas.height)
  // PNGs keep transparency (screenshots, diagrams); photos become JPEG.
  return file.type === 'image/png' ? canvas.toDataURL('image/png') : canvas.toDataURL('image/jpeg', JPEG_QUALITY)
}
