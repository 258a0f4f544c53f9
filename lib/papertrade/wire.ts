/**
 * The Papertrade API's answers as zod schemas that take the wire JSON in and give domain values
 * out: each schema's input type is the JSON on the wire, its output type (`z.output`) is the
 * domain type the rest of the explorer reads. Money (USD and PAPER) is an 18-decimal `bigint`
 * ("wad"); prices are raw `bigint` at the instrument's `priceScale`; addresses and hashes are
 * lower-case; times are unix ms. A domain name is chosen so the tools' JSON name follows from it
 * (`deposited`, wad USD → `deposited_usd`); the wire's own spellings stay on the wire side.
 *
 * Only `lib/papertrade/` (and the replay upstream in `fixtures/`, which must produce exactly
 * these shapes) may know them. Which endpoint answers with which schema, and which parts are
 * modelled, is stated once in `endpoints.ts`; here each modelled spot is marked `modelled: [id]`
 * with the item's id, and each modelled key is read per field (see `_modelled.ts`). The facts
 * the known shapes rest on are listed in docs/data-sources.md, "Facts the code relies on".
 */
import type { z } from "zod";

export * from "./_wire_trading.ts";
export * from "./_wire_leaderboard.ts";
export * from "./_wire_trades.ts";
export * from "./_wire_wallet.ts";
export * from "./_wire_protocol.ts";

/** Wire input type (the JSON) of a schema, for the replay upstream's generator and the tests. */
export type Wire<T extends z.ZodType> = z.input<T>;
