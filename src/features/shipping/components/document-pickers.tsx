import { useLingui } from '@lingui/react/macro'
import { SearchPicker, type SearchPickerProps } from '../../../components/search-picker'
import { customerSearchQueryOptions } from '../api/search-partners-products'
import type { CustomerOption } from '../shipping-types'

/** The order form's customer, searched on the server (its minimum shelf life comes with it). */
export function CustomerPicker(props: Omit<SearchPickerProps<CustomerOption>, 'labelOf' | 'query' | 'nothingFound'>) {
  const { t } = useLingui()
  return <SearchPicker {...props} labelOf={(c) => `${c.code} — ${c.name}`} query={customerSearchQueryOptions} nothingFound={t`Nenhum cliente encontrado`} />
}
