/**
 * The catalogue's names and purposes (machines/flows/catalogue.ts holds them in plain English) in
 * the app's languages. A machine missing here is shown with its English text.
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

export const MACHINE_TEXTS: Record<string, { name: MessageDescriptor; purpose: MessageDescriptor }> = {
  session: {
    name: msg`Sessão`,
    purpose: msg`Entra e sai da conta, restaura a sessão ao abrir, renova o token de acesso uma única vez para vários 401 simultâneos e acompanha as outras abas.`,
  },
  probe: {
    name: msg`Sondagem de endpoint`,
    purpose: msg`Testa caminhos candidatos da API em ordem e fica com o primeiro que responde 2xx, 401 ou 403.`,
  },
  scanner: {
    name: msg`Leitor de códigos`,
    purpose: msg`Transforma rajadas do leitor (teclado), códigos digitados e leituras da câmera em leituras, guarda o histórico e consulta cada uma, esperando a rede quando offline.`,
  },
  wizard: {
    name: msg`Assistente`,
    purpose: msg`Percorre um formulário linear passo a passo: só avança com o passo válido, cada passo salva e Concluir registra uma única vez.`,
  },
  copack: {
    name: msg`Ordem de copack`,
    purpose: msg`Acompanha uma ordem de copack: carrega a ordem, reserva os componentes (ou diz o que falta), cancela ou conclui e atualiza o que a mostra após cada ação.`,
  },
  labelPrint: {
    name: msg`Impressão de etiquetas`,
    purpose: msg`Imprime uma etiqueta de localização ou de palete: valida o ID e as cópias, sugere IDs enquanto se digita, escolhe a impressora e envia um trabalho por Imprimir.`,
  },
  outbox: {
    name: msg`Fila de envio do coletor`,
    purpose: msg`Envia os comandos guardados no coletor um por vez e em ordem sempre que há rede, tenta de novo após uma pausa crescente quando falha e guarda as recusas com o motivo.`,
  },
  move: {
    name: msg`Movimentação no coletor`,
    purpose: msg`Move um palete em duas leituras, ou uma quantidade de um produto de uma localização de origem, para um destino lido: diz o que ler em seguida, recusa com o motivo uma leitura que não cabe no passo e grava a movimentação na fila de envio ao Confirmar.`,
  },
  receive: {
    name: msg`Recebimento no coletor`,
    purpose: msg`Recebe um pedido ou ASN por leitura: escolhe o documento, registra cada produto com lote, validade e quantidade (uma quantidade acima da esperada pede confirmação), fecha paletes com a etiqueta SSCC e registra o recebimento pela fila de envio ao Finalizar.`,
  },
  count: {
    name: msg`Contagem no coletor`,
    purpose: msg`Conta as tarefas de contagem do operador local a local: a leitura do local, depois cada produto, lote e palete encontrado com a quantidade (às cegas), ou 'Local vazio'; recusa com o motivo uma leitura que não cabe no passo e grava a contagem na fila de envio ao Confirmar.`,
  },
  ship: {
    name: msg`Separação e expedição no coletor`,
    purpose: msg`Separa um pedido na ordem do caminho de separação lendo cada localização, o lote FEFO (outro lote com motivo, nunca um vencido) e a quantidade, leva o motivo de uma falta a um supervisor e confirma o carregamento com a transportadora; cada separação e o carregamento vão para a fila de envio.`,
  },
  clusterPick: {
    name: msg`Separação em lote no coletor`,
    purpose: msg`Separa um lote de pedidos num carrinho: lê a etiqueta do carrinho e, parada a parada na ordem do caminho, a localização, o lote reservado (outro lote com motivo, nunca um vencido), a quantidade (nunca mais que a reservada; menos com motivo) e a caixa do pedido da parada, recusando qualquer outra caixa; cada parada vai para a fila de envio e 'Expedir' expede os pedidos separados.`,
  },
  wavePlan: {
    name: msg`Planejamento de ondas`,
    purpose: msg`Planeja ondas pelas regras do supervisor: pede as propostas ao servidor, deixa tirar pedidos ou descartar propostas e cria cada proposta mantida como uma onda, uma por vez, guardando as já criadas se uma for recusada.`,
  },
  replenish: {
    name: msg`Reabastecimento no coletor`,
    purpose: msg`Leva um reabastecimento da reserva à sua face de separação: leia a localização de reserva, o produto ou o palete da linha planejada (outro lote só quando o reabastecimento indica a sua linha), a quantidade (nunca acima do que a tarefa pede) e a face; outra localização é recusada dizendo a esperada, e a leitura da face grava o reabastecimento na fila de envio.`,
  },
  nextTask: {
    name: msg`Próxima tarefa no coletor`,
    purpose: msg`Pede ao servidor a próxima tarefa do operador em 'Próxima tarefa' (ela passa a ser dele ao ser dada), mostra-a com as paradas do lote e a caminhada, avisa quando não há tarefa nem rede, ou quando o pedido é recusado, e abre a tela que faz o trabalho da tarefa em 'Começar'.`,
  },
  waveRelease: {
    name: msg`Liberação de onda`,
    purpose: msg`Libera uma onda na sua página: o supervisor escolhe o que acontece com um pedido que não pode ser reservado por inteiro e as caixas do carrinho, a liberação é enviada uma vez por abertura do diálogo (tentar de novo envia o mesmo comando) e a resposta mostra os lotes de separação, as faltas e os pedidos segurados.`,
  },
}
