import { IconArrowRight, IconPlayerPlay, IconRefresh, IconRoute } from '@tabler/icons-react'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { I18n } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import type { NextTask, Task } from '../../../../contracts/tasks/tasks.contract'
import type { NextTaskMessage } from '../../../../machines/next-task/next-task.machine'
import { formatDate, formatQty } from '../../../lib/format'
import { useNextTask } from '../hooks/use-next-task'
import { taskTypeText } from '../task-texts'
import classes from './next-task.module.css'

function messageText(message: NextTaskMessage, i18n: I18n): string {
  if (message.id === 'nextTask.server') return String(message.values?.text ?? '')
  return i18n._(msg`Não foi possível pedir a próxima tarefa. Tente novamente.`)
}

function Stop({ task }: { task: Task }) {
  const { i18n } = useLingui()
  return (
    <li>
      <span className={classes.code}>{task.location?.code ?? '—'}</span>
      {task.product ? (
        <>
          {' · '}
          <span className={classes.code}>{task.product.code}</span>
        </>
      ) : null}
      {task.qty !== null ? ` · ${formatQty(task.qty, i18n.locale)}` : null}
    </li>
  )
}

function OfferCard({ offer, stops, onStart }: { offer: NextTask; stops: { count: number; first: Task[]; more: number }; onStart: () => void }) {
  const { t, i18n } = useLingui()
  const { task, batch } = offer
  const type = taskTypeText(i18n, task.type)
  const priority = task.priority ?? 0
  const batchId = batch?.id ?? 0
  return (
    <article className={classes.card} aria-label={t`Tarefa oferecida: ${type}`} data-testid="next-task-card">
      <div className={classes.head}>
        <h2 className={classes.type}>{type}</h2>
        {offer.resumed ? (
          // the operator already held it: given again, not a new one
          <span className={classes.tag} style={{ color: 'var(--collector-warn)' }}>
            <Trans>Retomada</Trans>
          </span>
        ) : null}
      </div>
      <p className={classes.location} data-testid="next-task-location" aria-label={t`Local: ${task.location?.code ?? '—'}`}>
        {task.location?.code ?? '—'}
      </p>
      <dl className={classes.facts}>
        {task.product ? (
          <>
            <dt>
              <Trans>Produto</Trans>
            </dt>
            <dd>
              <span className={classes.code}>{task.product.code}</span> {task.product.name1}
            </dd>
          </>
        ) : null}
        {task.qty !== null ? (
          <>
            <dt>
              <Trans>Quantidade</Trans>
            </dt>
            <dd data-testid="next-task-qty">{formatQty(task.qty, i18n.locale)}</dd>
          </>
        ) : null}
        {priority > 0 ? (
          <>
            <dt>
              <Trans>Prioridade</Trans>
            </dt>
            <dd>{priority}</dd>
          </>
        ) : null}
        {task.due_at ? (
          <>
            <dt>
              <Trans>Prazo</Trans>
            </dt>
            <dd>{formatDate(task.due_at, i18n.locale)}</dd>
          </>
        ) : null}
        {offer.distance_m !== null ? (
          <>
            <dt>
              <Trans>Caminhada</Trans>
            </dt>
            <dd data-testid="next-task-walk">
              <IconRoute size={18} aria-hidden style={{ verticalAlign: '-3px' }} /> {Math.round(offer.distance_m)} m
            </dd>
          </>
        ) : null}
        {task.reference ? (
          <>
            <dt>
              <Trans>Referência</Trans>
            </dt>
            <dd className={classes.code}>{task.reference}</dd>
          </>
        ) : null}
      </dl>
      {batch ? (
        <section className={classes.stops} aria-label={t`Paradas do lote`} data-testid="next-task-stops">
          <h3>
            {t`Lote ${batchId}: ${plural(stops.count, { one: '# parada', other: '# paradas' })}`}
          </h3>
          <ol>
            {stops.first.map((stop) => (
              <Stop key={stop.id} task={stop} />
            ))}
          </ol>
          {stops.more > 0 ? (
            <p style={{ margin: '2px 0 0', fontWeight: 600 }}>
              <Plural value={stops.more} one="e mais # parada" other="e mais # paradas" />
            </p>
          ) : null}
        </section>
      ) : null}
      <button type="button" className={`${classes.ask} ${classes.start}`} onClick={onStart}>
        <IconPlayerPlay size={30} aria-hidden />
        <Trans>Começar</Trans>
      </button>
    </article>
  )
}

/**
 * 'Próxima tarefa' on /m/home (docs/requirements.md §19.4): one big button asks the server for the operator's next task;
 * the answer is a card (type, location, product, quantity, priority and due time, the walk, a batch's stops) with
 * 'Começar', or why there is none. Every press is answered at once with the collector's feedback (the machine's
 * `pressed` and `refused`).
 */
export function NextTaskPanel() {
  const { t, i18n } = useLingui()
  const { view, send } = useNextTask()
  const online = () => (typeof navigator === 'undefined' ? true : navigator.onLine)
  return (
    <section className={classes.panel} aria-label={t`Próxima tarefa`}>
      {view.canAsk ? (
        <button
          type="button"
          className={classes.ask}
          data-busy={view.asking || undefined}
          aria-busy={view.asking}
          aria-disabled={view.asking}
          onClick={() => {
            if (!view.asking) send({ type: 'ASK', online: online() })
          }}
        >
          {view.asking ? <span className={classes.spinner} aria-hidden /> : <IconArrowRight size={34} stroke={2.5} aria-hidden />}
          <Trans>Próxima tarefa</Trans>
        </button>
      ) : null}
      {view.asking ? (
        <p role="status" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
          <Trans>Procurando a próxima tarefa…</Trans>
        </p>
      ) : null}
      {view.step === 'offered' && view.offer ? <OfferCard offer={view.offer} stops={view.stops} onStart={() => send({ type: 'START' })} /> : null}
      {view.step === 'none' ? (
        <div role="status" className={classes.message} data-testid="next-task-none">
          <Trans>Nenhuma tarefa agora</Trans>
          <p>
            <Trans>Não há tarefa livre para você neste armazém. Tente de novo daqui a pouco.</Trans>
          </p>
        </div>
      ) : null}
      {view.step === 'offline' ? (
        <div role="alert" className={classes.message} data-tone="warn" data-testid="next-task-offline">
          <Trans>Sem conexão</Trans>
          <p>
            <Trans>A próxima tarefa vem do servidor e precisa da rede. Nada foi perdido: tente de novo quando a conexão voltar.</Trans>
          </p>
        </div>
      ) : null}
      {view.step === 'failed' && view.error ? (
        <div role="alert" className={classes.message} data-tone="bad" data-testid="next-task-failed">
          <Trans>A próxima tarefa não veio</Trans>
          <p>{messageText(view.error, i18n)}</p>
        </div>
      ) : null}
      {view.canRetry ? (
        <button type="button" className={classes.ask} data-variant="outline" onClick={() => send({ type: 'RETRY', online: online() })}>
          <IconRefresh size={28} aria-hidden />
          <Trans>Tentar novamente</Trans>
        </button>
      ) : null}
    </section>
  )
}
