import path from 'node:path'
import { RuleTester } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'
import wms, { TABLE_OWNERS } from '../tooling/eslint-plugin-wms.js'

// ADR 0009: the lint rules that keep one owner per table and modules apart
RuleTester.describe = describe
RuleTester.it = it
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } })
const file = (p: string) => path.join(import.meta.dirname, p)
const receiving = file('modules/receiving/receiving.service.ts')

describe('module boundaries', () => {
  it('gives every table exactly one owner', () => {
    const all = Object.values(TABLE_OWNERS).flat()
    expect(new Set(all).size).toBe(all.length)
    expect(all).toEqual(expect.arrayContaining(['tasks', 'stockLines', 'ssccCounters', 'users']))
  })

  tester.run('module-imports', wms.rules['module-imports'], {
    valid: [
      { filename: receiving, code: "import { receiveStock } from '../inventory/stock.service'" },
      { filename: receiving, code: "import { toMilli } from '../../kernel/qty-math'" },
      { filename: receiving, code: "import { stockLines } from '../../db/schema/inventory'" },
      { filename: receiving, code: "import { x } from './receiving.routes'" },
      { filename: file('kernel/qty-math.ts'), code: "import { x } from '../modules/printing/labels/gs1'" },
    ],
    invalid: [
      { filename: receiving, code: "import { buildSscc } from '../printing/labels/gs1'", errors: [{ messageId: 'internal' }] },
      { filename: receiving, code: "import { emailOutboxOf } from '../quality/quality.routes'", errors: [{ messageId: 'internal' }] },
      { filename: file('modules/printing/labels/zpl.ts'), code: "import { x } from '../../inventory/gs1'", errors: [{ messageId: 'internal' }] },
    ],
  })

  tester.run('owned-writes', wms.rules['owned-writes'], {
    valid: [
      { filename: file('modules/workforce/tasks.service.ts'), code: "import { tasks } from '../../db/schema/tasks'\ndb.insert(tasks)" },
      { filename: receiving, code: "import { tasks } from '../../db/schema/tasks'\ndb.select().from(tasks)" },
      { filename: file('modules/printing/printing.routes.ts'), code: "import { printers } from '../../db/schema/printers'\ncrudRoutes({ table: printers })" },
    ],
    invalid: [
      { filename: receiving, code: "import { tasks } from '../../db/schema/tasks'\ntx.insert(tasks).values({})", errors: [{ messageId: 'foreign', data: { table: 'tasks', owner: 'workforce' } }] },
      { filename: file('modules/printing/printing.service.ts'), code: "import { stockLines as sl } from '../../db/schema/inventory'\ntx.update(sl).set({})", errors: [{ messageId: 'foreign' }] },
      { filename: file('modules/master-data/users.ts'), code: "import { users } from '../../db/schema/users'\ncrudRoutes({ table: users as unknown as T })", errors: [{ messageId: 'foreign' }] },
    ],
  })
})
