/** `npm run user -- create NAME --role ROLE --company CODE [--password P] | passwd NAME | disable NAME | list` */
import { withDatabase } from './cli-database'
import { CliError, runUserCommand } from './user-admin.service'

/** Read a line without echoing it (raw mode), for passwords typed on a terminal. */
function promptHidden(prompt: string): Promise<string> {
  const { stdin, stdout } = process
  return new Promise((resolve, reject) => {
    let value = ''
    stdout.write(prompt)
    stdin.setRawMode(true)
    stdin.setEncoding('utf8')
    stdin.resume()
    const finish = () => {
      stdin.off('data', onData)
      stdin.setRawMode(false)
      stdin.pause()
      stdout.write('\n')
    }
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') {
          finish()
          return resolve(value)
        }
        if (ch === '\u0003' || ch === '\u0004') {
          finish()
          return reject(new CliError('Cancelled.'))
        }
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1)
        else if (ch >= ' ') value += ch
      }
    }
    stdin.on('data', onData)
  })
}

/** Not a terminal (a pipe): the first line of stdin is the password. */
async function firstLineOfStdin(): Promise<string> {
  let data = ''
  for await (const chunk of process.stdin) {
    data += String(chunk)
    if (data.includes('\n')) break
  }
  return data.split(/\r?\n/)[0]
}

async function readPassword(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) return firstLineOfStdin()
  const first = await promptHidden(prompt)
  const second = await promptHidden('Repeat the password: ')
  if (first !== second) throw new CliError('The passwords do not match.')
  return first
}

await withDatabase((database) => runUserCommand(process.argv.slice(2), { db: database.db, readPassword, out: (line) => console.log(line) }))
