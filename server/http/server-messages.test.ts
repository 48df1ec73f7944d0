/**
 * SPEC 14.1, ADR 0015: no message of the API reaches a screen untranslated. Every sentence the server's and the
 * contracts' source can put in an error body is one of contracts/errors/server-messages.rules.ts (read from the source
 * itself, so a new message fails here until it has a code); the app's table names every code (TypeScript), and
 * tests/docs/catalogs.test.ts checks that every one of its texts is translated in the five catalogs.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { codeOfServerMessage, withMessageCodes } from '../../contracts/errors/server-messages.rules'
import { fieldError, forbidden, registerErrorHandling } from './errors'

const ROOT = join(import.meta.dirname, '../..')

/** Source that never answers a request: the command line, the boot, the database's own setup, the demo data. */
const NOT_ANSWERS = [/^server\/cli\//, /^server\/db\//, /^server\/(start|dev|boot|main|env)\.ts$/]
/**
 * The print sender's and the job queue's words are a job's `last_error`, a record's field written for the log and the
 * jobs lists, not an error body (they quote a printer's host and the network's own error).
 */
const NOT_ERROR_BODIES = [/^server\/modules\/printing\/print-sender\.ts$/, /^server\/kernel\/job-queue\.ts$/, /^contracts\/errors\//]

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) sourceFiles(path, out)
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) out.push(path)
  }
  return out
}

interface Literal {
  text: string
  /** the source just before the literal, whitespace removed */
  before: string
}

/**
 * The string literals of a TypeScript source, comments skipped; a template's `${…}` becomes `{}` (nested templates and
 * braces inside it are skipped with it).
 */
export function literalsOf(source: string): Literal[] {
  const out: Literal[] = []
  let i = 0
  const readTemplate = (): string => {
    // at the opening backtick
    let text = ''
    i++
    while (i < source.length && source[i] !== '`') {
      if (source[i] === '\\') {
        text += source.slice(i, i + 2)
        i += 2
      } else if (source[i] === '$' && source[i + 1] === '{') {
        i += 2
        let depth = 1
        while (i < source.length && depth > 0) {
          const c = source[i]
          if (c === '`') readTemplate()
          else if (c === "'" || c === '"') readQuoted(c)
          else {
            if (c === '{') depth++
            if (c === '}') depth--
            i++
          }
        }
        text += '{}'
      } else text += source[i++]
    }
    i++
    return text
  }
  const readQuoted = (quote: string): string => {
    let text = ''
    i++
    while (i < source.length && source[i] !== quote && source[i] !== '\n') {
      if (source[i] === '\\') {
        text += source[i + 1]
        i += 2
      } else text += source[i++]
    }
    i++
    return text
  }
  while (i < source.length) {
    const c = source[i]
    if (c === '/' && source[i + 1] === '/') {
      while (i < source.length && source[i] !== '\n') i++
    } else if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2)
      i = end < 0 ? source.length : end + 2
    } else if (c === '`' || c === "'" || c === '"') {
      const before = source.slice(Math.max(0, i - 60), i).replace(/\s+/g, '')
      out.push({ text: c === '`' ? readTemplate() : readQuoted(c), before })
    } else i++
  }
  return out
}

/** A sentence a user could read: a capital (or a quoted value) first, words, a full stop at the end. */
const looksLikeMessage = (text: string) => /^([A-Z]|\{\})/.test(text) && /\s/.test(text.trim()) && /[.?!]$/.test(text.trim())

/** Documentation of the API (OpenAPI descriptions), the logs' words and a thrown programming error: no screen shows them. */
const isDocumentationOrLog = (before: string) =>
  /(description:|[dD]escription=|summary:|\.describe\(|throwTypeError\(|newError\(|log\.\w+\([^)]*,?|console\.\w+\()$/.test(before) || /(description|summary):?['`"][^'`"]*['`"]\+$/.test(before)

/** the literal with a value in each `${…}`, as the server would send it */
const sample = (text: string) => text.replace(/(\{\})+/g, 'X1').trim()

describe('server messages (ADR 0015)', () => {
  it('every message the API can answer with has a code', () => {
    const missing: string[] = []
    for (const path of [...sourceFiles(join(ROOT, 'server')), ...sourceFiles(join(ROOT, 'contracts'))]) {
      const file = relative(ROOT, path)
      if ([...NOT_ANSWERS, ...NOT_ERROR_BODIES].some((rule) => rule.test(file))) continue
      let chainedDoc = false
      for (const literal of literalsOf(readFileSync(path, 'utf8'))) {
        // a description written as 'a' + 'b' is documentation all along
        chainedDoc = isDocumentationOrLog(literal.before) || (chainedDoc && literal.before.endsWith('+'))
        // the roles line of each route's OpenAPI description (app.ts withRoles)
        if (chainedDoc || !looksLikeMessage(literal.text) || literal.text.startsWith('Roles: ')) continue
        if (!codeOfServerMessage(sample(literal.text))) missing.push(`${file}: ${literal.text}`)
      }
    }
    expect(missing, 'add these to contracts/errors/server-messages.rules.ts and translate them in src/lib/server-messages.ts').toEqual([])
  })

  it('names a message by its code and the values it quotes', () => {
    expect(codeOfServerMessage('You do not have permission to perform this action.')).toEqual({ code: 'permission_denied', params: {} })
    expect(codeOfServerMessage('2 pick task(s) of this order are not done yet.')).toEqual({ code: 'copack_picks_open', params: { count: '2' } })
    expect(codeOfServerMessage('AI (10) takes 1 to 20 characters.')).toEqual({ code: 'gs1_ai_range', params: { ai: '10', max: '20' } })
    expect(codeOfServerMessage('Stock line 7 is blocked (damaged); release it first.')).toEqual({ code: 'stock_line_held', params: { line: '7', status: 'blocked (damaged)' } })
    expect(codeOfServerMessage('Something else entirely.')).toBeNull()
  })

  it('keeps the DRF shape and puts the codes beside it', () => {
    expect(withMessageCodes({ detail: 'No such record.' })).toEqual({ detail: 'No such record.', code: 'no_such_record', params: {} })
    expect(withMessageCodes({ qty: ['Ensure this value is greater than 0.', 'Unheard of.'], lot: ['This field is required.'] })).toEqual({
      qty: ['Ensure this value is greater than 0.', 'Unheard of.'],
      lot: ['This field is required.'],
      codes: { qty: [{ code: 'positive', params: {} }, null], lot: [{ code: 'required', params: {} }] },
    })
    // a body that names its own code keeps it
    expect(withMessageCodes({ detail: 'This task is assigned to ana. Confirm to take it over.', code: 'assigned_to_other' })).toMatchObject({ code: 'assigned_to_other', params: { assignee: 'ana' } })
    expect(withMessageCodes({ detail: 'Unheard of.', code: 'custom' })).toEqual({ detail: 'Unheard of.', code: 'custom' })
  })

  it('answers every refusal with its code, thrown or sent', async () => {
    const app = Fastify()
    registerErrorHandling(app)
    app.get('/forbidden', async () => {
      throw forbidden()
    })
    app.get('/field', async () => {
      throw fieldError('qty', 'Ensure this value is greater than 0.')
    })
    app.get('/sent', async (_req, reply) => reply.status(404).send({ detail: 'Not found.' }))
    app.get('/ok', async () => ({ detail: 'Not found.' }))
    expect((await app.inject({ url: '/forbidden' })).json()).toEqual({ detail: 'You do not have permission to perform this action.', code: 'permission_denied', params: {} })
    expect((await app.inject({ url: '/field' })).json()).toEqual({ qty: ['Ensure this value is greater than 0.'], codes: { qty: [{ code: 'positive', params: {} }] } })
    expect((await app.inject({ url: '/sent' })).json()).toMatchObject({ code: 'not_found' })
    expect((await app.inject({ url: '/ok' })).json()).toEqual({ detail: 'Not found.' })
    await app.close()
  })
})
