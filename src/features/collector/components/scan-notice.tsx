import { useLingui } from '@lingui/react'
import { IconX } from '@tabler/icons-react'
import type { ScannerMessage } from '../../../../machines/scanner/scanner.machine'
import { scannerText } from '../scanner-texts'
import classes from './scan-screen.module.css'

/**
 * A read the scanner could not use (cut short, too short) on a task screen: refused where the operator sees it, in
 * red beside the error sound and vibration the scanner already gave, never dropped (ADR 0006). Every scanning screen
 * shows it the same way.
 */
export function ScanNotice({ notice, testId }: { notice: ScannerMessage | null; testId: string }) {
  const { i18n } = useLingui()
  if (!notice) return null
  return (
    <div role="alert" data-testid={testId} className={classes.refusal}>
      <IconX size={22} aria-hidden style={{ flexShrink: 0 }} />
      <span>{scannerText(i18n, notice)}</span>
    </div>
  )
}
