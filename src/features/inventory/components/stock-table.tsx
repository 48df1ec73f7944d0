import { useCallback, useMemo, useState } from "react";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import {
  DataTable,
  type DataColumn,
  type DataTableToolbarState,
} from "../../../components/data-table";
import type { ListParams } from "../../../lib/list-query";
import { StockEndpointNotFoundError } from "../api/find-stock-endpoint";
import { stockQueryOptions } from "../api/get-stock";
import { STOCK_COLUMNS } from "../stock-columns";
import { stockErrorText } from "../stock-error";
import { StockExportButton } from "./stock-export-button";
import { StockSortSelect } from "./stock-sort-select";
import { StockActionModal, type StockAction } from "./stock-action-modal";
import { StockRowActions } from "./stock-row-actions";
import type { StockLine } from "../inventory-types";
import type { ListState } from "../../../lib/list-search";

/** SPEC 2.6: column order and hidden columns are kept under this id. */
export const STOCK_TABLE_ID = "inventory.stock";
// SPEC 2.14: the pallet and the owner too, so the table fits at 1280 px (one click away in Colunas; the search finds a pallet)
const DEFAULT_HIDDEN = ["sscc", "pallet_code", "reserved_qty", "owner__name"];

/** SPEC 8: the stock list's own error texts. */
export function describeStockError(error: Error) {
  if (error instanceof StockEndpointNotFoundError) {
    const tested = error.tested.join(", ");
    return (
      <Trans>Nenhum endpoint de estoque encontrado (testados: {tested})</Trans>
    );
  }
  const text = stockErrorText(error);
  return <Trans>Erro ao consultar estoque: {text}</Trans>;
}

function StockToolbar({ state }: { state: DataTableToolbarState }) {
  const visible = state.columnIds.flatMap((id) =>
    STOCK_COLUMNS.filter((column) => column.id === id),
  );
  return (
    <>
      <StockSortSelect
        columns={STOCK_COLUMNS}
        ordering={state.params.ordering}
        onChange={state.setOrdering}
      />
      <StockExportButton
        params={state.params}
        columns={visible}
        count={state.count}
      />
    </>
  );
}

/** Its params come from the list screen's URL (SPEC 2.14); without them the table keeps its own. */
export function StockTable({
  params,
  onParamsChange,
}: Partial<ListState> = {}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const query = useCallback(
    (params: ListParams) => stockQueryOptions(queryClient, params),
    [queryClient],
  );
  const [action, setAction] = useState<StockAction | null>(null);
  // SPEC 10.7: each line's actions (move, adjust, block/release, history) in a last, unsorted column the export leaves out
  const columns = useMemo<DataColumn<StockLine>[]>(
    () => [
      ...STOCK_COLUMNS,
      {
        id: "actions",
        header: msg`Ações`,
        value: () => null,
        sortable: false,
        render: (row) => <StockRowActions line={row} onAction={setAction} />,
      },
    ],
    [],
  );
  return (
    <>
      <DataTable
        params={params}
        onParamsChange={onParamsChange}
        tableId={STOCK_TABLE_ID}
        label={t`Estoque`}
        columns={columns}
        query={query}
        getRowId={(row) => String(row.id)}
        describeError={describeStockError}
        // the pallet code usually is the SSCC, and reservations matter less when looking stock up: shown on request
        defaultHidden={DEFAULT_HIDDEN}
        toolbar={(state) => <StockToolbar state={state} />}
      />
      <StockActionModal action={action} onClose={() => setAction(null)} />
    </>
  );
}
