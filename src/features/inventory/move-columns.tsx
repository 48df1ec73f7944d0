import { msg } from "@lingui/core/macro";
import { Badge } from "@mantine/core";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import type { DataColumn } from "../../components/data-table";
import { formatDate, formatQty } from "../../lib/format";
import {
  ADJUSTMENT_REASON_LABELS,
  labelOf,
  MOVE_REASON_LABELS,
  STOCK_STATUS_LABELS,
} from "./inventory-labels";
import type { StockMove } from "./inventory-types";
import { csvQty, neutralizeFormula, type CsvValue } from "./stock-csv";

export interface MoveColumn extends DataColumn<StockMove> {
  csv: (row: StockMove, i18n: I18n) => CsvValue;
}

const text = (value: string | null | undefined): CsvValue =>
  value === null || value === undefined || value === ""
    ? null
    : neutralizeFormula(value);
export const reasonText = (row: StockMove, i18n: I18n) => {
  const reason = labelOf(MOVE_REASON_LABELS, row.reason, (d) => i18n._(d));
  const codes = { ...ADJUSTMENT_REASON_LABELS, ...STOCK_STATUS_LABELS };
  const code = row.reason_code
    ? labelOf(codes, row.reason_code, (d) => i18n._(d))
    : null;
  return code ? `${reason} (${code})` : reason;
};

function MoveReasonBadge({ move }: { move: StockMove }) {
  const { i18n } = useLingui();
  const color =
    move.reason === "adjust" || move.reason === "count"
      ? "orange"
      : move.reason === "block"
        ? "red"
        : "blue";
  return (
    <Badge
      variant="dot"
      color={color}
      tt="none"
      style={{ minWidth: "max-content" }}
    >
      {reasonText(move, i18n)}
    </Badge>
  );
}

/** SPEC 10.7: when, who, reason, reference, product, lot, pallet/SSCC, from, to, quantity. */
export const MOVE_COLUMNS: MoveColumn[] = [
  {
    id: "created_at",
    header: msg`Quando`,
    value: (row) => row.created_at,
    render: (row, locale) => formatDate(row.created_at, locale),
    csv: (row) => row.created_at,
  },
  {
    id: "user",
    header: msg`Usuário`,
    value: (row) => row.user?.username,
    csv: (row) => text(row.user?.username),
    sortable: false,
  },
  {
    id: "reason",
    header: msg`Motivo`,
    value: (row) => row.reason,
    render: (row) => <MoveReasonBadge move={row} />,
    csv: (row, i18n) => text(reasonText(row, i18n)),
    sortable: false,
  },
  {
    id: "reference",
    nowrap: true,
    header: msg`Referência`,
    value: (row) => row.reference,
    csv: (row) => text(row.reference),
    sortable: false,
  },
  {
    id: "product__code",
    nowrap: true,
    header: msg`Produto`,
    value: (row) => row.product.code,
    csv: (row) => text(row.product.code),
    sortable: false,
  },
  {
    id: "product__name1",
    header: msg`Descrição`,
    value: (row) => row.product.name1,
    csv: (row) => text(row.product.name1),
    sortable: false,
  },
  {
    id: "lot",
    nowrap: true,
    header: msg`Lote`,
    value: (row) => row.lot,
    csv: (row) => text(row.lot),
    sortable: false,
  },
  {
    id: "pallet_code",
    nowrap: true,
    header: msg`Palete / SSCC`,
    value: (row) => row.pallet_code ?? row.sscc,
    render: (row) => {
      const pallet = row.pallet_code ?? row.sscc;
      return pallet ? (
        <Link
          to="/inventory/moves"
          search={
            row.pallet_code
              ? { pallet_code: row.pallet_code }
              : { sscc: row.sscc ?? undefined }
          }
        >
          {pallet}
        </Link>
      ) : (
        "—"
      );
    },
    csv: (row) => text(row.pallet_code ?? row.sscc),
    sortable: false,
  },
  {
    id: "from_location",
    nowrap: true,
    header: msg`De`,
    value: (row) => row.from_location?.code,
    csv: (row) => text(row.from_location?.code),
    sortable: false,
  },
  {
    id: "to_location",
    nowrap: true,
    header: msg`Para`,
    value: (row) => row.to_location?.code,
    csv: (row) => text(row.to_location?.code),
    sortable: false,
  },
  {
    id: "qty",
    header: msg`Quantidade`,
    kind: "number",
    value: (row) => row.qty,
    render: (row, locale) => formatQty(row.qty, locale),
    csv: (row) => csvQty(row.qty),
    sortable: false,
  },
  {
    id: "note",
    header: msg`Observação`,
    value: (row) => row.note,
    csv: (row) => text(row.note),
    sortable: false,
  },
];
