/**
 * The one home of the address shape (0x and 20 hex bytes), as regular expressions rather than
 * viem's `isAddress` because zod publishes them as every tool face's JSON Schema `pattern`, and
 * HTML inputs need the same text.
 */

/** A whole string that is an address in any letter case (the checksum is not checked). */
export const ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;

/** An address as this app writes it: lower case (tool results, links). */
export const LOWERCASE_ADDRESS_PATTERN = /^0x[0-9a-f]{40}$/;

/** {@link ADDRESS_PATTERN} for an HTML `pattern` attribute, which anchors on its own. */
export const ADDRESS_INPUT_PATTERN = "0x[0-9a-fA-F]{40}";

/** A whole string that is a 32-byte hash (transaction hash, intent id) in any letter case. */
export const HASH_PATTERN = /^0x[0-9a-fA-F]{64}$/;

/** A whole string that is a JSON-RPC hex quantity (block number, chain id) in any letter case. */
export const HEX_QUANTITY_PATTERN = /^0x[0-9a-fA-F]+$/;
