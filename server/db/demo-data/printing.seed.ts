import { VIRTUAL_PRINTER_NAME } from '../schema/printing'
import { printers } from '../schema/printers'
import type { Db } from '../client'
import { initSsccCounters } from '../../modules/printing/printing.service'

/**
 * Printers for the demo companies: the built-in virtual printer (it writes to WMS_DATA_DIR/spool, so printing
 * works without hardware) and the two names the client falls back to (SPEC 7: Zebra-01, Zebra-02), pointed at
 * local ports where nothing listens: their jobs show retries and the failure reason until they are edited to
 * real addresses.
 */
export async function seedPrinting(db: Db, companyIds: number[]): Promise<void> {
  await db.insert(printers).values(
    companyIds.flatMap((companyId) => [
      { companyId, name: VIRTUAL_PRINTER_NAME, isVirtual: true, isOnline: true, resolution: 203, labelWidthMm: 100, labelHeightMm: 150 },
      { companyId, name: 'Zebra-01', host: '127.0.0.1', port: 9101, resolution: 203, labelWidthMm: 100, labelHeightMm: 150 },
      { companyId, name: 'Zebra-02', host: '127.0.0.1', port: 9102, resolution: 300, labelWidthMm: 100, labelHeightMm: 50 },
    ]),
  )
  // after the demo stock: its pallets already carry SSCCs from the company prefixes
  await initSsccCounters(db)
}
