/** The words for what machines/putaway holds as ids (STYLE habit 3). */
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { PutawayMessage } from '../../../machines/putaway/putaway.machine'
import { locationKindLabel, storageClassLabel } from '../../lib/type-labels'

type Values = Record<string, string | number>

const MESSAGES: Record<string, MessageDescriptor | ((values: Values) => MessageDescriptor)> = {
  'putaway.scanPallet': msg`Leia o palete a armazenar`,
  'putaway.scanDestination': msg`Leia a localização de destino`,
  'putaway.saving': msg`Gravando…`,
  'putaway.unknownCode': ({ code }) => msg`Código ${code} desconhecido neste armazém.`,
  'putaway.expectedPallet': msg`Aqui se lê um palete: a etiqueta SSCC ou o código do palete.`,
  'putaway.noTask': ({ code }) => msg`O palete ${code} não tem tarefa de armazenagem sua.`,
  'putaway.otherTaskPallet': ({ code }) => msg`O palete ${code} é de outra tarefa: leia o palete desta tarefa.`,
  'putaway.expectedLocation': msg`Aqui se lê a localização de destino.`,
  'putaway.inactive': ({ code }) => msg`A localização ${code} está inativa.`,
  'putaway.otherWarehouse': ({ code }) => msg`A localização ${code} é de outro armazém.`,
  'putaway.kind': ({ code, kind, suggested }) => msg`A localização ${code} é do tipo ${kind}: armazene em uma localização de armazenagem ou picking (sugerida: ${suggested}).`,
  'putaway.storageClass': ({ code, found, needed, suggested }) => msg`A localização ${code} é ${found}; este palete precisa de ${needed} (sugerida: ${suggested}).`,
  'putaway.saveFailed': msg`Não foi possível gravar neste aparelho. Tente de novo.`,
}

export function putawayText(i18n: I18n, message: PutawayMessage): string {
  const entry = MESSAGES[message.id]
  if (!entry) return message.id
  const values = { ...(message.values ?? {}) }
  // codes the API writes, in the operator's words
  if (typeof values.kind === 'string') values.kind = locationKindLabel(i18n, values.kind)
  if (typeof values.found === 'string') values.found = storageClassLabel(i18n, values.found)
  if (typeof values.needed === 'string') values.needed = storageClassLabel(i18n, values.needed)
  return i18n._(typeof entry === 'function' ? entry(values) : entry)
}
