/** Hex string types shared by every Papertrade domain module. */

/** A lower-case 0x-prefixed 20-byte address. */
export type Address = `0x${string}`;
/** A lower-case 0x-prefixed 32-byte hash (intent id, transaction hash). */
export type Hash = `0x${string}`;
