/**
 * Babel plugin, after the Lingui macro: every message descriptor the macro writes keeps its Portuguese source text,
 * compiled here as the catalogs are compiled (`["Olá ", ["name"]]`). Portuguese is the source, default and fallback
 * language (SPEC 1, 9), so a Portuguese visit loads no catalog at all: each screen's chunk carries its own texts,
 * and the first visit to /login downloads the login's texts instead of the whole app's catalog (the budget of SPEC 17.5).
 * Other languages load their catalog as before; a message missing there falls back to the Portuguese text instead
 * of its id.
 *
 * The macro is told not to strip the message (`stripMessageField: false`); descriptors are the objects it marks
 * with a leading `/*i18n*\/` comment and that hold string `id` and `message` properties.
 */
import type { PluginObj, types as BabelTypes } from '@babel/core'
import { compileMessage } from '@lingui/message-utils/compileMessage'

/** The catalog compiler's form: plain text too is wrapped in an array, so Lingui never takes it for uncompiled. */
export function compiledSource(message: string): unknown {
  const compiled = compileMessage(message)
  return typeof compiled === 'string' ? [compiled] : compiled
}

function stringProperty(t: typeof BabelTypes, node: BabelTypes.ObjectExpression, name: string): BabelTypes.ObjectProperty | undefined {
  return node.properties.find(
    (p): p is BabelTypes.ObjectProperty => t.isObjectProperty(p) && t.isIdentifier(p.key, { name }) && t.isStringLiteral(p.value),
  )
}

export default function linguiSourceMessages({ types: t }: { types: typeof BabelTypes }): PluginObj {
  return {
    name: 'lingui-source-messages',
    visitor: {
      Program: {
        // on exit: the macro has expanded every t``, msg``, <Trans> by then
        exit(program) {
          program.traverse({
            ObjectExpression(path) {
              const { node } = path
              if (!node.leadingComments?.some((c) => c.value.trim() === 'i18n')) return
              const message = stringProperty(t, node, 'message')
              if (!message || !stringProperty(t, node, 'id')) return
              message.value = t.valueToNode(compiledSource((message.value as BabelTypes.StringLiteral).value)) as BabelTypes.Expression
            },
          })
        },
      },
    },
  }
}
