// A screenshot's pixels as the screen shows them, decoded by the page's own image decoder (no PNG
// library in the tests): for checks of what is drawn, not of styles that should draw it.
import type { Page } from 'playwright-core'

export interface Pixels {
  readonly width: number
  readonly height: number
  /** RGBA, four numbers a pixel, row by row. */
  readonly data: ReadonlyArray<number>
}

export function decodePixels(page: Page, png: Buffer): Promise<Pixels> {
  return page.evaluate(async (data) => {
    const image = new Image()
    image.src = `data:image/png;base64,${data}`
    await image.decode()
    const canvas = document.createElement('canvas')
    canvas.width = image.width
    canvas.height = image.height
    const context = canvas.getContext('2d')
    if (!context) throw new Error('no 2d canvas')
    context.drawImage(image, 0, 0)
    return {
      width: image.width,
      height: image.height,
      data: [...context.getImageData(0, 0, image.width, image.height).data],
    }
  }, png.toString('base64'))
}
