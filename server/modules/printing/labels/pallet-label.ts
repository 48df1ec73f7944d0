import { type Gs1Element, gs1Hri, isGs1BarcodeText, isoToGs1Date } from '../../../../contracts/gs1/gs1'
import { gs1Elements } from './code128'
import type { LabelElement, LabelModel } from './label-model'

export type PalletLabelData = {
  companyName: string
  palletCode: string
  /** 18 digits with its check digit */
  sscc: string
  /** one product on the pallet: its code and name; a mixed pallet has neither */
  productCode: string | null
  productName: string | null
  /** GTIN-14 of the trade item the quantity counts, when known */
  gtin: string | null
  lot: string | null
  /** ISO date */
  expiryDate: string | null
  /** exact decimal as a string, with its unit */
  qty: string | null
  uom: string | null
}

export const PALLET_LABEL_SIZE = { widthMm: 100, heightMm: 150 }

const isCount = (qty: string | null): qty is string => qty !== null && /^\d{1,8}(\.0*)?$/.test(qty) && Number(qty) > 0

/**
 * The element strings of the content barcode (GS1 General Specifications 2.2, logistic label):
 * (01) when the pallet is one trade item, (02) + (37) for a count of contained trade items; then (17), (10).
 * Fixed-length AIs go first and the lot last, so only one FNC1 separator is ever needed.
 */
export function contentElements(p: PalletLabelData): Gs1Element[] {
  const out: Gs1Element[] = []
  const count = isCount(p.qty) ? String(Number(p.qty)) : null
  if (p.gtin && count === '1') out.push({ ai: '01', value: p.gtin })
  else if (p.gtin && count) out.push({ ai: '02', value: p.gtin })
  if (p.expiryDate) out.push({ ai: '17', value: isoToGs1Date(p.expiryDate) })
  if (p.gtin && count && count !== '1') out.push({ ai: '37', value: count })
  if (p.lot && isGs1BarcodeText(p.lot)) out.push({ ai: '10', value: p.lot })
  return out
}

/**
 * SPEC 9: the quantity as a Portuguese reader reads it (the label's language): up to 3 decimals, no trailing zeros,
 * decimal comma ("303", "12,5", "1.250"), formatted from the exact decimal string, never through a float.
 */
export function labelQty(qty: string): string {
  if (!/^-?\d+(\.\d+)?$/.test(qty)) return qty
  return new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 }).format(qty as `${number}`)
}

const br = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`

/**
 * GS1 logistic label on a 100 × 150 mm design, stretched to the printer's label: the sender, the text section
 * (SSCC, content, count, lot, expiry) and the barcode section, with the SSCC barcode at the bottom.
 */
export function palletLabel(p: PalletLabelData, size = PALLET_LABEL_SIZE): LabelModel {
  const sx = size.widthMm / 100
  const sy = size.heightMm / 150
  const s = Math.min(sx, sy)
  const text = (x: number, y: number, width: number, height: number, t: string): LabelElement => ({ type: 'text', x: x * sx, y: y * sy, width: width * sx, height: height * s, text: t })
  const rule = (y: number): LabelElement => ({ type: 'box', x: 1.5 * sx, y: y * sy, width: 97 * sx, height: 0.4, thickness: 0.4 })
  const content = contentElements(p)
  const elements: LabelElement[] = [
    { type: 'box', x: 1.5 * sx, y: 1.5 * sy, width: 97 * sx, height: 147 * sy, thickness: 0.4 },
    text(4, 4, 92, 4, p.companyName),
    rule(10),
    text(4, 12, 30, 3, 'SSCC'),
    text(4, 16, 92, 7, p.sscc),
    rule(25),
    text(4, 27, 44, 3, p.gtin ? 'CONTEÚDO (GTIN)' : 'CONTEÚDO'),
    text(4, 31, 46, 4.5, p.gtin ?? (p.productCode ? p.productCode : 'MISTO')),
    text(52, 27, 44, 3, 'QUANTIDADE'),
    text(52, 31, 44, 4.5, p.qty !== null ? `${labelQty(p.qty)} ${p.uom ?? ''}`.trim() : '-'),
    text(4, 38, 92, 3.5, p.productCode ? `${p.productCode} ${p.productName ?? ''}`.trim() : 'Palete misto'),
    rule(44),
    text(4, 46, 44, 3, 'LOTE'),
    text(4, 50, 46, 4.5, p.lot ?? '-'),
    text(52, 46, 44, 3, 'VALIDADE'),
    text(52, 50, 44, 4.5, p.expiryDate ? br(p.expiryDate) : '-'),
    text(4, 57, 44, 3, 'PALETE'),
    text(4, 61, 92, 4.5, p.palletCode),
    rule(68),
  ]
  if (content.length) {
    elements.push(
      { type: 'code128', x: 3 * sx, y: 72 * sy, width: 94 * sx, height: 22 * sy, moduleMm: 0.5, data: gs1Elements(content), align: 'center' },
      { ...text(3, 95.5, 94, 3.2, gs1Hri(content)), align: 'center' } as LabelElement,
    )
  }
  const sscc: Gs1Element[] = [{ ai: '00', value: p.sscc }]
  elements.push(
    { type: 'code128', x: 3 * sx, y: 104 * sy, width: 94 * sx, height: 32 * sy, moduleMm: 0.5, data: gs1Elements(sscc), align: 'center' },
    { ...text(3, 138, 94, 4, gs1Hri(sscc)), align: 'center' } as LabelElement,
  )
  return { widthMm: size.widthMm, heightMm: size.heightMm, elements }
}
