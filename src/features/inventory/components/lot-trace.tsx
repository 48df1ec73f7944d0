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
              <Table withTableBorder aria-label={t`Recebimentos`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>
                      <Trans>Data</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Documento</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Fornecedor</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Produto</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Palete</Trans>
                    </Table.Th>
                    <Table.Th ta="right">
                      <Trans>Quantidade</Trans>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.receipts.map((r, i) => (
                    <Table.Tr key={i}>
                      <Table.Td>{formatDate(r.date, locale)}</Table.Td>
                      <Table.Td>{r.document}</Table.Td>
                      <Table.Td>
                        {r.supplier
                          ? `${r.supplier.code} — ${r.supplier.name}`
                          : "—"}
                      </Table.Td>
                      <Table.Td>{r.product.code}</Table.Td>
                      <Table.Td>{r.sscc ?? r.pallet_code ?? "—"}</Table.Td>
                      <Table.Td ta="right">{qty(r.qty)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Section>
          <Section title={<Trans>Destino: expedições</Trans>}>
            {data.shipments.length === 0 ? (
              <Empty />
            ) : (
              <Table withTableBorder aria-label={t`Expedições`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>
                      <Trans>Data</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Pedido</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Cliente</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Produto</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Palete</Trans>
                    </Table.Th>
                    <Table.Th ta="right">
                      <Trans>Quantidade</Trans>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.shipments.map((s, i) => (
                    <Table.Tr key={i}>
                      <Table.Td>{formatDate(s.date, locale)}</Table.Td>
                      <Table.Td>{s.order}</Table.Td>
                      <Table.Td>
                        {s.customer
                          ? `${s.customer.code} — ${s.customer.name}`
                          : "—"}
                      </Table.Td>
                      <Table.Td>{s.product.code}</Table.Td>
                      <Table.Td>{s.pallet_code ?? "—"}</Table.Td>
                      <Table.Td ta="right">{qty(s.qty)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Section>
          <Section title={<Trans>Consumo em copack</Trans>}>
            {data.consumption.length === 0 ? (
              <Empty />
            ) : (
              <Table withTableBorder aria-label={t`Consumo em copack`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>
                      <Trans>Data</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Ordem</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Produto final</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Produto</Trans>
                    </Table.Th>
                    <Table.Th ta="right">
                      <Trans>Quantidade</Trans>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.consumption.map((c, i) => (
                    <Table.Tr key={i}>
                      <Table.Td>{formatDate(c.date, locale)}</Table.Td>
                      <Table.Td>{c.order}</Table.Td>
                      <Table.Td>{c.result_product?.code ?? "—"}</Table.Td>
                      <Table.Td>{c.product.code}</Table.Td>
                      <Table.Td ta="right">{qty(c.qty)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Section>
          <Section title={<Trans>Todas as movimentações</Trans>}>
            {data.moves.length === 0 ? (
              <Empty />
            ) : (
              <Table
                withTableBorder
                striped
                aria-label={t`Movimentações do lote`}
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>
                      <Trans>Quando</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Motivo</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Referência</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>De</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Para</Trans>
                    </Table.Th>
                    <Table.Th ta="right">
                      <Trans>Quantidade</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Usuário</Trans>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.moves.map((m) => (
                    <Table.Tr key={m.id}>
                      <Table.Td>{formatDate(m.created_at, locale)}</Table.Td>
                      <Table.Td>{reasonText(m, i18n)}</Table.Td>
                      <Table.Td>{m.reference || "—"}</Table.Td>
                      <Table.Td>{m.from_location?.code ?? "—"}</Table.Td>
                      <Table.Td>{m.to_location?.code ?? "—"}</Table.Td>
                      <Table.Td ta="right">{qty(m.qty)}</Table.Td>
                      <Table.Td>{m.user?.username ?? "—"}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
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
