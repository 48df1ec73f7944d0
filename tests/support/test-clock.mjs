/**
 * The test clock of an end-to-end server (tests/support/server-harness.ts `testClock`): preloaded with `node --import`
 * into the server process only, never into `npm start`. It shifts the process's clock, `Date.now()` and `new Date()`,
 * by an offset the test sets over the process's IPC channel, so the server's timestamps, the embedded database's
 * `now()` (PGlite's clock is the process's) and the tokens it signs all read the time the test chose. The clock runs
 * on from the time set, as a real one does. performance.now() is untouched (durations stay real).
 */
const RealDate = Date
let offset = 0

class TestClockDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + offset)
    else super(...args)
  }
  static now() {
    return RealDate.now() + offset
  }
}
globalThis.Date = TestClockDate

process.on('message', (message) => {
  if (!message || typeof message !== 'object' || !('testClock' in message)) return
  // { testClock: ISO time | null }: null goes back to the real time
  offset = message.testClock === null ? 0 : new RealDate(message.testClock).getTime() - RealDate.now()
  process.send?.({ testClockSet: new RealDate(RealDate.now() + offset).toISOString() })
})
// the IPC channel must not keep the server alive on its own (a SIGTERM still ends it as before)
process.channel?.unref()
