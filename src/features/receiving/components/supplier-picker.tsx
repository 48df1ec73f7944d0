import type { ReactNode } from 'react'
import { useLingui } from '@lingui/react/macro'
import { SearchPicker } from '../../../components/search-picker'
import { supplierSearchQueryOptions } from '../api/search-suppliers'
import type { SupplierOption } from '../receiving-types'

const labelOf = (s: SupplierOption) => `${s.code} — ${s.name}`

export interface SupplierPickerProps {
  label: string
  value: SupplierOption | null
  onChange: (supplier: SupplierOption | null) => void
  error?: ReactNode
  required?: boolean
  disabled?: boolean
}

/** The document's supplier, searched by code or name on the server (the shared SearchPicker). */
export function SupplierPicker(props: SupplierPickerProps) {
  const { t } = useLingui()
  return <SearchPicker {...props} labelOf={labelOf} query={supplierSearchQueryOptions} nothingFound={t`Nenhum fornecedor encontrado`} />
}
