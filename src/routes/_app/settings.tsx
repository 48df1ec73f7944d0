import { createFileRoute } from '@tanstack/react-router'
import { SettingsPage } from '../../features/settings/components/settings-page'
import { InventorySettingsSection } from '../../features/inventory/components/inventory-settings-form'
import { PrinterNetworksSection } from '../../features/printing/components/printer-networks-settings'

export const Route = createFileRoute('/_app/settings')({
  component: SettingsRoute,
})

// SPEC 2.13 and SPEC 10.1: the user's details, then the company's inventory settings, then where its printers may be
// (ADR 0004)
function SettingsRoute() {
  return (
    <>
      <SettingsPage />
      <InventorySettingsSection />
      <PrinterNetworksSection />
    </>
  )
}
