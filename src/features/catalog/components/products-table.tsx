import type { ReactNode } from "react";
import type { I18n } from "@lingui/core";
import { Badge, Group, Stack, Text } from "@mantine/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { DataTable, type DataColumn } from "../../../components/data-table";
import { useResourceEditor } from "../../../components/resource-form";
import { CsvTransfer } from "../../../components/csv-transfer";
import { productResource } from "../catalog-resources";
import { storageClassLabel } from "../../../lib/type-labels";
import { formatQty } from "../../../lib/format";
import { productsQueryOptions } from "../api/get-products";
import type { Product } from "../catalog-types";
import type { ListState } from "../../../lib/list-search";
import { ProductFormModal } from "./product-form-modal";

/**
 * The GTINs a product is known by: its own, then its packs' (a unit's or a case's GTIN lives on the pack, SPEC 3
 * "Product pack"), each pack's named by its unit and size, each GTIN once.
 */
export function productGtins(product: Product): { gtin: string; pack?: { uom: string; qty: string } }[] {
  const out: { gtin: string; pack?: { uom: string; qty: string } }[] = product.gtins.map((gtin) => ({ gtin }));
  for (const pack of product.packs ?? []) {
    if (!pack.gtin || out.some((g) => g.gtin === pack.gtin)) continue;
    out.push({ gtin: pack.gtin, pack: { uom: pack.uom.code, qty: pack.qty_per_pack } });
  }
  return out;
}

const columns = (i18n: I18n): DataColumn<Product>[] => [
  { id: "code", header: msg`Código`, value: (row) => row.code },
  { id: "variant", header: msg`Variante`, value: (row) => row.variant },
  { id: "name1", header: msg`Nome`, value: (row) => row.name1 },
  { id: "uom__code", header: msg`UM`, value: (row) => row.uom?.code },
  {
    id: "storage_class",
    header: msg`Classe de armazenagem`,
    value: (row) => row.storage_class,
    render: (row) => storageClassLabel(i18n, row.storage_class),
  },
  {
    id: "gtins",
    header: msg`GTINs`,
    value: (row) => productGtins(row).map((g) => g.gtin).join(" "),
    render: (row) => {
      const gtins = productGtins(row);
      return gtins.length === 0 ? (
        "—"
      ) : (
        <Stack gap={0}>
          {gtins.map((g) => (
            <Text key={g.gtin} size="xs">
              {g.gtin}
              {g.pack ? (
                <>
                  {" "}
                  <Text span size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                    {g.pack.uom} × {formatQty(g.pack.qty, i18n.locale)}
                  </Text>
                </>
              ) : null}
            </Text>
          ))}
        </Stack>
      );
    },
    sortable: false,
  },
  {
    id: "is_active",
    header: msg`Situação`,
    value: (row) => row.is_active,
    render: (row) =>
      row.is_active ? (
        <Badge color="green" variant="dot">
          <Trans>Ativo</Trans>
        </Badge>
      ) : (
        <Badge color="gray" variant="dot">
          <Trans>Inativo</Trans>
        </Badge>
      ),
  },
];

/**
 * Its params come from the list screen's URL (SPEC 2.14); without them the table keeps its own. Admins and supervisors create and edit (SPEC 12.2).
 * `rowActions`: more controls for each row (the route composes other features' actions here, such as the history link).
 */
export function ProductsTable({
  params,
  onParamsChange,
  rowActions,
}: Partial<ListState> & { rowActions?: (row: Product) => ReactNode } = {}) {
  const { t, i18n } = useLingui();
  const editor = useResourceEditor(productResource, rowActions, (product, onClose) => <ProductFormModal product={product} onClose={onClose} />);
  return (
    <>
      <DataTable
        params={params}
        onParamsChange={onParamsChange}
        tableId="catalog.products"
        label={t`Produtos`}
        columns={[...columns(i18n), editor.column]}
        query={productsQueryOptions}
        getRowId={(row) => String(row.id)}
        // with every GTIN a product is known by, and the row's two actions, the columns fit at 1280 px only compact
        compact
        toolbar={() => (
          <Group gap="xs">
            {editor.toolbar?.()}
            <CsvTransfer resource="products" title={t`Importar produtos (CSV)`} invalidate={productResource.invalidate} />
          </Group>
        )}
      />
      {editor.modal}
    </>
  );
}
