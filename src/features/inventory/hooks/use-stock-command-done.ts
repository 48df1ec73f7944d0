import { useCallback } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { inventoryKeys } from '../inventory-query-keys'

/** After a stock command: every stock list, scan and ledger page shows the change. */
export function useStockCommandDone() {
  const queryClient = useQueryClient()
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: inventoryKeys.stockLists() })
    void queryClient.invalidateQueries({ queryKey: inventoryKeys.scans() })
    void queryClient.invalidateQueries({ queryKey: inventoryKeys.moveLists() })
    void queryClient.invalidateQueries({ queryKey: inventoryKeys.counts() })
  }, [queryClient])
}
