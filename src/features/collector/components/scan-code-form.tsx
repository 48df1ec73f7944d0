import { Button, Group } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { type RefObject, useId } from 'react'
import classes from './scan-screen.module.css'

/**
 * The code field of a handheld flow (docs/requirements.md §11.2): typing is the fallback, never the way, since the
 * scanner's burst lands wherever focus is (the screen keeps it on this field through `fieldRef`). 'Ler' sends what was
 * typed as a read.
 */
export function ScanCodeForm({ fieldRef, code, onCode, onSubmit }: { fieldRef: RefObject<HTMLInputElement | null>; code: string; onCode: (code: string) => void; onSubmit: (code: string) => void }) {
  const { t } = useLingui()
  const id = useId()
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit(code)
      }}
    >
      <label htmlFor={`${id}-code`} className={classes.label}>
        {t`Código`}
      </label>
      <Group gap="xs" wrap="nowrap">
        <input
          ref={fieldRef}
          id={`${id}-code`}
          className={classes.input}
          value={code}
          onChange={(event) => onCode(event.currentTarget.value)}
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="go"
        />
        <Button type="submit" size="lg" h={56} color="var(--collector-accent)" disabled={code.trim() === ''}>
          <Trans>Ler</Trans>
        </Button>
      </Group>
    </form>
  )
}
