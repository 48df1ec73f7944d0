/** The outbox database's name, apart from its schema so the header's peek (outbox-peek.ts) loads neither idb nor the outbox. */
export const OUTBOX_DB_NAME_PEEK = 'movatic-outbox'
