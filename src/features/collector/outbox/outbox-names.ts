/** The outbox database's name, apart from Dexie's schema so the header's peek (outbox-peek.ts) does not load Dexie. */
export const OUTBOX_DB_NAME_PEEK = 'movatic-outbox'
