import { Badge, Group, Progress, Text } from "@mantine/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { DataTable, type DataColumn } from "../../../components/data-table";
import { LinkButton } from "../../../components/link-button";
import { formatDate } from "../../../lib/format";
import { useSession } from "../../../lib/session";
import type { ListState } from "../../../lib/list-search";
import { countsQueryOptions } from "../api/get-counts";
import { COUNT_PLAN_STATUS_LABELS, labelOf } from "../inventory-labels";
import type { CountPlan } from "../inventory-types";
import { canReviewCounts } from "../stock-permissions";

export function CountPlanStatusBadge({
  status,
}: {
  status: CountPlan["status"];
}) {
  const { i18n } = useLingui();
  const color =
    status === "open"
      ? "blue"
      : status === "review"
        ? "yellow"
        : status === "closed"
          ? "green"
          : "gray";
  return (
    <Badge
      variant="dot"
      color={color}
      data-status={status}
      style={{ minWidth: "max-content" }}
    >
      {labelOf(COUNT_PLAN_STATUS_LABELS, status, (d) => i18n._(d))}
    </Badge>
  );
}

/** SPEC 10.10: a plan's progress: locations done (approved or rejected) out of all, and how many await review. */
export function CountProgress({ plan }: { plan: CountPlan }) {
  const { t } = useLingui();
  const total = plan.locations_total;
  const done = plan.locations_done;
  const review = plan.locations_review;
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <Group gap="xs" wrap="nowrap" miw={180}>
      <Progress
        value={percent}
        w={90}
        aria-label={t`Progresso de ${plan.code}`}
      />
      <Text size="sm" style={{ whiteSpace: "nowrap" }}>
        <Trans>
          {done} de {total}
        </Trans>
        {review > 0 ? (
          <Text span c="dimmed" size="sm">
            {" · "}
            <Trans>{review} em revisão</Trans>
          </Text>
        ) : null}
      </Text>
    </Group>
  );
}

const columns: DataColumn<CountPlan>[] = [
  { id: "code", header: msg`Código`, value: (row) => row.code },
  { id: "name", header: msg`Nome`, value: (row) => row.name, sortable: false },
  {
    id: "status",
    header: msg`Situação`,
    value: (row) => row.status,
    render: (row) => <CountPlanStatusBadge status={row.status} />,
  },
  {
    id: "progress",
    header: msg`Progresso`,
    value: (row) => row.locations_done,
    render: (row) => <CountProgress plan={row} />,
    sortable: false,
  },
  {
    id: "created_at",
    header: msg`Criado em`,
    value: (row) => row.created_at,
    render: (row, locale) => formatDate(row.created_at, locale),
  },
  {
    id: "created_by",
    header: msg`Criado por`,
    value: (row) => row.created_by?.username,
    sortable: false,
  },
  {
    id: "actions",
    header: msg`Ações`,
    value: () => null,
    sortable: false,
    render: (row) => <OpenCount plan={row} />,
  },
];

function OpenCount({ plan }: { plan: CountPlan }) {
  const { t } = useLingui();
  const { user } = useSession();
  // docs/requirements.md §6: the server shows a count's detail (system quantities, variances) to admins and
  // supervisors only, so an operator, who counts blind, is not offered it: an unfinished count is counted on the handheld
  if (!canReviewCounts(user?.role)) {
    return plan.status === "open" || plan.status === "review" ? (
      <LinkButton
        to="/m/count"
        size="compact-sm"
        variant="light"
        aria-label={t`Contar ${plan.code} no coletor`}
      >
        <Trans>Contar no coletor</Trans>
      </LinkButton>
    ) : (
      "—"
    );
  }
  return (
    <LinkButton
      to="/inventory/counts/$id"
      params={{ id: String(plan.id) }}
      size="compact-sm"
      variant="light"
      aria-label={t`Abrir ${plan.code}`}
    >
      <Trans>Abrir</Trans>
    </LinkButton>
  );
}

/** SPEC 10.9: the count plans with their progress. */
export function CountsTable({
  params,
  onParamsChange,
}: Partial<ListState> = {}) {
  const { t } = useLingui();
  return (
    <DataTable
      params={params}
      onParamsChange={onParamsChange}
      tableId="inventory.counts"
      label={t`Contagens`}
      columns={columns}
      query={countsQueryOptions}
      getRowId={(row) => String(row.id)}
      emptyText={<Trans>Nenhuma contagem planejada.</Trans>}
    />
  );
}
