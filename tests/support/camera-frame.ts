/**
 * A picture for Chromium's fake camera (SPEC 2.16: the collector's camera mode decodes a real barcode end to end).
 * Chromium plays a YUV4MPEG2 file as the camera (`--use-file-for-fake-video-capture`), looping it; one frame is
 * enough. The label is drawn by the server's own label renderer (the SVG the printing module previews, from its
 * Code 128 encoder) and rasterised with @resvg/resvg-js, as the label printer would print it; the frame is then
 * converted to Y'CbCr 4:2:0 here, in plain TypeScript.
 */
import { Resvg } from '@resvg/resvg-js'
import { gs1Hri, type Gs1Element } from '../../contracts/gs1/gs1'
import { gs1Elements } from '../../server/modules/printing/labels/code128'
import { placeLabel, type LabelModel } from '../../server/modules/printing/labels/label-model'
import { renderSvg } from '../../server/modules/printing/labels/svg'

export type Frame = { width: number; height: number }

/** A small label with one GS1-128 barcode and its human-readable line, 80 × 60 mm. */
export function gs1BarcodeLabel(elements: Gs1Element[]): LabelModel {
  return {
    widthMm: 80,
    heightMm: 60,
    elements: [
      { type: 'code128', x: 2, y: 10, width: 76, height: 32, moduleMm: 0.5, data: gs1Elements(elements), align: 'center' },
      { type: 'text', x: 2, y: 45, width: 76, height: 4, text: gs1Hri(elements), align: 'center' },
    ],
  }
}

/** The label as RGBA pixels, `width` pixels wide (203 dpi printer dots scaled to fit). */
export function rasteriseLabel(label: LabelModel, width: number): { width: number; height: number; rgba: Uint8Array } {
  const svg = renderSvg(placeLabel(label, 203))
  const image = new Resvg(svg, { fitTo: { mode: 'width', value: width }, background: '#ffffff', font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' } }).render()
  return { width: image.width, height: image.height, rgba: new Uint8Array(image.pixels) }
}

const clampByte = (v: number) => Math.max(0, Math.min(255, Math.round(v)))

/**
 * One YUV4MPEG2 frame (4:2:0, BT.601 limited range) of `frame` size with the RGBA image centred on white (cropped
 * if larger). Header: `YUV4MPEG2 W H F30:1 Ip A1:1 C420jpeg`, then `FRAME`, the Y plane, then Cb and Cr at half size.
 */
export function y4mFrame(image: { width: number; height: number; rgba: Uint8Array }, frame: Frame): Buffer {
  const { width: W, height: H } = frame
  if (W % 2 || H % 2) throw new Error('4:2:0 needs an even width and height')
  const ox = Math.floor((W - image.width) / 2)
  const oy = Math.floor((H - image.height) / 2)
  // the frame in RGB, white where the image does not reach
  const rgbAt = (x: number, y: number): [number, number, number] => {
    const ix = x - ox
    const iy = y - oy
    if (ix < 0 || iy < 0 || ix >= image.width || iy >= image.height) return [255, 255, 255]
    const i = (iy * image.width + ix) * 4
    const a = image.rgba[i + 3] / 255
    // composite on white (the label is opaque, but be exact about it)
    return [0, 1, 2].map((c) => image.rgba[i + c] * a + 255 * (1 - a)) as [number, number, number]
  }
  const yPlane = Buffer.alloc(W * H)
  const uPlane = Buffer.alloc((W / 2) * (H / 2))
  const vPlane = Buffer.alloc((W / 2) * (H / 2))
  for (let y = 0; y < H; y += 2) {
    for (let x = 0; x < W; x += 2) {
      let u = 0
      let v = 0
      for (const [dx, dy] of [[0, 0], [1, 0], [0, 1], [1, 1]]) {
        const [r, g, b] = rgbAt(x + dx, y + dy)
        yPlane[(y + dy) * W + x + dx] = clampByte(16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255)
        u += 128 + (-37.797 * r - 74.203 * g + 112 * b) / 255
        v += 128 + (112 * r - 93.786 * g - 18.214 * b) / 255
      }
      uPlane[(y / 2) * (W / 2) + x / 2] = clampByte(u / 4)
      vPlane[(y / 2) * (W / 2) + x / 2] = clampByte(v / 4)
    }
  }
  const header = Buffer.from(`YUV4MPEG2 W${W} H${H} F30:1 Ip A1:1 C420jpeg\nFRAME\n`, 'ascii')
  return Buffer.concat([header, yPlane, uPlane, vPlane])
}

/** A camera frame showing a GS1-128 label of `elements`. */
export function gs1LabelFrame(elements: Gs1Element[], frame: Frame = { width: 640, height: 480 }): Buffer {
  return y4mFrame(rasteriseLabel(gs1BarcodeLabel(elements), Math.min(frame.width, 600)), frame)
}
