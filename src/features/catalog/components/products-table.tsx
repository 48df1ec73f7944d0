import { useState, type ReactNode } from "react";
import type { I18n } from "@lingui/core";
import { Badge, Button, Group, Tooltip } from "@mantine/core";
import { IconPencil, IconPlus } from "@tabler/icons-react";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { DataTable, type DataColumn } from "../../../components/data-table";
import { useSession } from "../../../lib/session";
import { storageClassLabel } from "../../../lib/type-labels";
import { productsQueryOptions } from "../api/get-products";
import type { Product } from "../catalog-types";
import type { ListState } from "../../../lib/list-search";
import { ProductFormModal } from "./product-form-modal";

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
    value: (row) => row.gtins.join(" "),
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
 * Its params come from the list screen's URL (issue 13 §5); without them the table keeps its own. Admins and supervisors create and edit (issue 18).
 * `rowActions`: more controls for each row (the route composes other features' actions here, such as the history link).
 */
export function ProductsTable({
  params,
  onParamsChange,
  rowActions,
}: Partial<ListState> & { rowActions?: (row: Product) => ReactNode } = {}) {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const canEdit = user?.role === "admin" || user?.role === "supervisor";
  const readOnly = t`Somente administradores e supervisores alteram cadastros.`;
  const [editing, setEditing] = useState<{ product: Product | null } | null>(
    null,
  );
  const actions: DataColumn<Product> = {
    id: "actions",
    header: msg`Ações`,
    value: () => null,
    sortable: false,
    render: (row) => (
      <Group gap={4} wrap="nowrap">
        <Tooltip label={readOnly} disabled={canEdit}>
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconPencil size={14} aria-hidden />}
            aria-label={t`Editar ${row.code}`}
            disabled={!canEdit}
            title={canEdit ? undefined : readOnly}
            onClick={() => setEditing({ product: row })}
          >
            <Trans>Editar</Trans>
          </Button>
        </Tooltip>
        {rowActions?.(row)}
      </Group>
    ),
  };
  return (
    <>
      <DataTable
        params={params}
        onParamsChange={onParamsChange}
        tableId="catalog.products"
        label={t`Produtos`}
        columns={[...columns(i18n), actions]}
        query={productsQueryOptions}
        getRowId={(row) => String(row.id)}
        toolbar={() => (
          <Tooltip label={readOnly} disabled={canEdit}>
            <Button
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              disabled={!canEdit}
              title={canEdit ? undefined : readOnly}
              onClick={() => setEditing({ product: null })}
            >
              <Trans>Novo produto</Trans>
            </Button>
          </Tooltip>
        )}
      />
      {editing ? (
        <ProductFormModal
          key={editing.product?.id ?? "new"}
          product={editing.product}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}
