import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// ADR 0009: the boundaries inside src/ run through the project's own eslint.config.js
const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname })

async function boundaryMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).filter((message) => message.ruleId === 'boundaries/src-layers').map((message) => message.message)
}

// the first lint loads the whole config (typescript-eslint included): seconds on a busy machine
describe('src/ import boundaries', { timeout: 60_000 }, () => {
  it('refuses a feature importing another feature, in every import form', async () => {
    const code = [
      "import { a } from '../../tasks/api/get-tasks'",
      "export { b } from '../../tasks/task-status'",
      "export * from '../../../features/tasks/tasks-types'",
      "export const c = () => import('../../tasks/components/tasks-page')",
      '',
    ].join('\n')
    const messages = await boundaryMessages('src/features/catalog/components/x.tsx', code)
    expect(messages).toHaveLength(4)
    expect(messages[0]).toContain("feature 'catalog' imports feature 'tasks'")
  })

  it('refuses a feature importing src/app/', async () => {
    const messages = await boundaryMessages('src/features/catalog/x.ts', "import { a } from '../../app/router'\nexport { a }\n")
    expect(messages).toEqual([expect.stringContaining("feature 'catalog' imports src/app/")])
  })

  it('refuses shared components and lib importing a feature', async () => {
    const code = "import { a } from '../features/catalog/api/get-products'\nexport { a }\n"
    expect(await boundaryMessages('src/components/x.tsx', code)).toEqual([expect.stringContaining("src/components/ imports feature 'catalog'")])
    expect(await boundaryMessages('src/lib/x.ts', code)).toEqual([expect.stringContaining("src/lib/ imports feature 'catalog'")])
  })

  it('lets a feature import itself, lib and components, and routes compose features', async () => {
    const inside = "import { a } from '../api/get-products'\nimport { b } from '../../../lib/list-query'\nimport { c } from '../../../components/data-table'\nexport { a, b, c }\n"
    expect(await boundaryMessages('src/features/catalog/components/x.tsx', inside)).toEqual([])
    const route = "import { a } from '../../../features/catalog/components/products-table'\nimport { b } from '../../../app/router'\nexport { a, b }\n"
    expect(await boundaryMessages('src/routes/_app/catalog/x.tsx', route)).toEqual([])
  })
})
