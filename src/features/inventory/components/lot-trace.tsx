import { useState, type ReactNode } from "react";
import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import {
  IconAlertTriangle,
  IconPrinter,
  IconSearch,
} from "@tabler/icons-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { apiErrorText } from "../../../lib/api-client";
import { formatDate, formatQty } from "../../../lib/format";
import { traceQueryOptions, type TraceQuery } from "../api/get-trace";
import { reasonText } from "../move-columns";
import classes from "./lot-trace.module.css";

function Section({
  title,
  children,
}: {
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap="xs" component="section">
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** One of the trace's tables: its columns' headers (a quantity column right-aligned) and a row of cells per item. */
function TraceTable({
  label,
  columns,
  rows,
  striped,
}: {
  label: string;
  columns: { header: ReactNode; right?: boolean }[];
  rows: { key: number; cells: ReactNode[] }[];
  striped?: boolean;
}) {
  return (
    <Table withTableBorder striped={striped} aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((c, i) => (
            <Table.Th key={i} ta={c.right ? "right" : undefined}>
              {c.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.key}>
            {r.cells.map((cell, i) => (
              <Table.Td key={i} ta={columns[i]?.right ? "right" : undefined}>
                {cell}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Empty() {
  return (
    <Text size="sm" c="dimmed">
      <Trans>Nada.</Trans>
    </Text>
  );
}

/** SPEC 10.8: a lot or SSCC, its receipts (supplier, date), every move, copack consumption, shipments and customers, and what is on hand; printable. */
export function LotTrace({
  query,
  onSearch,
}: {
  query: TraceQuery;
  onSearch: (query: TraceQuery) => void;
}) {
  const { t, i18n } = useLingui();
  const [kind, setKind] = useState<"lot" | "sscc">(query.sscc ? "sscc" : "lot");
  const [text, setText] = useState(query.lot ?? query.sscc ?? "");
  const active = Boolean(query.lot || query.sscc);
  const trace = useQuery({ ...traceQueryOptions(query), enabled: active });
  const locale = i18n.locale;
  const qty = (value: string) => formatQty(value, locale);
  const data = trace.data;
  return (
    <Stack gap="md" className={classes.sheet}>
      <form
        className={classes.noPrint}
        role="search"
        aria-label={t`Rastrear lote`}
        onSubmit={(event) => {
          event.preventDefault();
          const value = text.trim();
          if (value)
            onSearch(kind === "lot" ? { lot: value } : { sscc: value });
        }}
      >
        <Group align="flex-end" gap="sm">
          <SegmentedControl
            aria-label={t`Rastrear por`}
            value={kind}
            onChange={(value) => setKind(value as "lot" | "sscc")}
            data={[
              { value: "lot", label: t`Lote` },
              { value: "sscc", label: t`SSCC / palete` },
            ]}
          />
          <TextInput
            label={kind === "lot" ? t`Lote` : t`SSCC / palete`}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            maxLength={100}
            autoComplete="off"
            spellCheck={false}
            w={280}
          />
          <Button
            type="submit"
            disabled={!text.trim()}
            leftSection={<IconSearch size={16} aria-hidden />}
            loading={trace.isFetching}
          >
            <Trans>Rastrear</Trans>
          </Button>
          {data ? (
            <Button
              variant="default"
              leftSection={<IconPrinter size={16} aria-hidden />}
              onClick={() => window.print()}
            >
              <Trans>Imprimir</Trans>
            </Button>
          ) : null}
        </Group>
      </form>
      {trace.isError ? (
        <Alert
          color="yellow"
          role="alert"
          icon={<IconAlertTriangle size={18} aria-hidden />}
        >
          {apiErrorText(trace.error) ?? t`Erro ao carregar dados.`}
        </Alert>
      ) : null}
      {data ? (
        <>
          <Paper withBorder p="md">
            <Title order={2} size="h3">
              {data.lot ? (
                <Trans>Lote {data.lot}</Trans>
              ) : (
                <Trans>Palete {data.sscc ?? data.pallet_code}</Trans>
              )}
            </Title>
            <Text size="sm">
              {data.products.map((p) => `${p.code} — ${p.name1}`).join("; ")}
            </Text>
            <SimpleGrid cols={4} mt="sm">
              <Text size="sm">
                <Trans>Recebido: {qty(data.received_qty)}</Trans>
              </Text>
              <Text size="sm">
                <Trans>Expedido: {qty(data.shipped_qty)}</Trans>
              </Text>
              <Text size="sm">
                <Trans>Consumido: {qty(data.consumed_qty)}</Trans>
              </Text>
              <Text size="sm">
                <Trans>Em estoque: {qty(data.on_hand_qty)}</Trans>
              </Text>
            </SimpleGrid>
          </Paper>
          <Section title={<Trans>Origem: recebimentos</Trans>}>
            {data.receipts.length === 0 ? (
              <Empty />
            ) : (
              <TraceTable
                label={t`Recebimentos`}
                columns={[
                  { header: <Trans>Data</Trans> },
                  { header: <Trans>Documento</Trans> },
                  { header: <Trans>Fornecedor</Trans> },
                  { header: <Trans>Produto</Trans> },
                  { header: <Trans>Palete</Trans> },
                  { header: <Trans>Quantidade</Trans>, right: true },
                ]}
                rows={data.receipts.map((r, i) => ({
                  key: i,
                  cells: [
                    formatDate(r.date, locale),
                    r.document,
                    r.supplier
                      ? `${r.supplier.code} — ${r.supplier.name}`
                      : "—",
                    r.product.code,
                    r.sscc ?? r.pallet_code ?? "—",
                    qty(r.qty),
                  ],
                }))}
              />
            )}
          </Section>
          <Section title={<Trans>Destino: expedições</Trans>}>
            {data.shipments.length === 0 ? (
              <Empty />
            ) : (
              <TraceTable
                label={t`Expedições`}
                columns={[
                  { header: <Trans>Data</Trans> },
                  { header: <Trans>Pedido</Trans> },
                  { header: <Trans>Cliente</Trans> },
                  { header: <Trans>Produto</Trans> },
                  { header: <Trans>Palete</Trans> },
                  { header: <Trans>Quantidade</Trans>, right: true },
                ]}
                rows={data.shipments.map((s, i) => ({
                  key: i,
                  cells: [
                    formatDate(s.date, locale),
                    s.order,
                    s.customer
                      ? `${s.customer.code} — ${s.customer.name}`
                      : "—",
                    s.product.code,
                    s.pallet_code ?? "—",
                    qty(s.qty),
                  ],
                }))}
              />
            )}
          </Section>
          <Section title={<Trans>Consumo em copack</Trans>}>
            {data.consumption.length === 0 ? (
              <Empty />
            ) : (
              <TraceTable
                label={t`Consumo em copack`}
                columns={[
                  { header: <Trans>Data</Trans> },
                  { header: <Trans>Ordem</Trans> },
                  { header: <Trans>Produto final</Trans> },
                  { header: <Trans>Produto</Trans> },
                  { header: <Trans>Quantidade</Trans>, right: true },
                ]}
                rows={data.consumption.map((c, i) => ({
                  key: i,
                  cells: [
                    formatDate(c.date, locale),
                    c.order,
                    c.result_product?.code ?? "—",
                    c.product.code,
                    qty(c.qty),
                  ],
                }))}
              />
            )}
          </Section>
          <Section title={<Trans>Todas as movimentações</Trans>}>
            {data.moves.length === 0 ? (
              <Empty />
            ) : (
              <TraceTable
                label={t`Movimentações do lote`}
                striped
                columns={[
                  { header: <Trans>Quando</Trans> },
                  { header: <Trans>Motivo</Trans> },
                  { header: <Trans>Referência</Trans> },
                  { header: <Trans>De</Trans> },
                  { header: <Trans>Para</Trans> },
                  { header: <Trans>Quantidade</Trans>, right: true },
                  { header: <Trans>Usuário</Trans> },
                ]}
                rows={data.moves.map((m) => ({
                  key: m.id,
                  cells: [
                    formatDate(m.created_at, locale),
                    reasonText(m, i18n),
                    m.reference || "—",
                    m.from_location?.code ?? "—",
                    m.to_location?.code ?? "—",
                    qty(m.qty),
                    m.user?.username ?? "—",
                  ],
                }))}
              />
            )}
            {data.moves_truncated ? (
              <Text size="sm" c="dimmed">
                <Trans>Lista cortada: veja todas em Movimentações.</Trans>
              </Text>
            ) : null}
          </Section>
        </>
      ) : null}
    </Stack>
  );
}
