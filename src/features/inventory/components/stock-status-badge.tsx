import { Badge, Group } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { formatDate } from "../../../lib/format";
import {
  labelOf,
  STOCK_STATUS_COLORS,
  STOCK_STATUS_LABELS,
} from "../inventory-labels";
import type { StockLine } from "../inventory-types";

/** SPEC 10.4: a line's status; its reason as the badge's title when blocked or quarantined. */
export function StockStatusBadge({
  line,
}: {
  line: Pick<StockLine, "status" | "status_reason">;
}) {
  const { i18n } = useLingui();
  const label = labelOf(STOCK_STATUS_LABELS, line.status, (d) => i18n._(d));
  return (
    <Badge
      variant={line.status === "available" ? "dot" : "filled"}
      color={STOCK_STATUS_COLORS[line.status] ?? "gray"}
      title={line.status_reason ?? undefined}
      data-status={line.status}
      style={{ flexShrink: 0, overflow: "visible" }}
      styles={{ label: { overflow: "visible" } }}
    >
      {label}
    </Badge>
  );
}

/** SPEC 10.5: the expiry date, marked when expired or near expiry (the near-expiry days are a setting). */
export function ExpiryCell({
  line,
}: {
  line: Pick<StockLine, "expiry_date" | "expired" | "near_expiry">;
}) {
  const { i18n } = useLingui();
  if (!line.expiry_date) return <span aria-label="—">—</span>;
  const date = formatDate(line.expiry_date, i18n.locale);
  return (
    // SPEC 2.14: the mark goes under the date when the column is narrow (the table fits at 1280 px)
    <Group gap={6} wrap="wrap" style={{ rowGap: 4 }}>
      <span style={{ whiteSpace: "nowrap" }}>{date}</span>
      {line.expired ? (
        <Badge color="red" variant="filled" size="sm" data-expiry="expired">
          <Trans>Vencido</Trans>
        </Badge>
      ) : line.near_expiry ? (
        <Badge
          color="yellow"
          variant="dot"
          size="sm"
          data-expiry="near"
          style={{ minWidth: "max-content" }}
        >
          <Trans>Vence em breve</Trans>
        </Badge>
      ) : null}
    </Group>
  );
}
