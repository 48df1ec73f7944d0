import type { Rule } from 'eslint'

export const TABLE_OWNERS: Record<string, string[]>
declare const plugin: { rules: { 'module-imports': Rule.RuleModule; 'owned-writes': Rule.RuleModule } }
export default plugin
