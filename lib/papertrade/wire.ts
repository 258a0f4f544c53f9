/**
 * The Papertrade API's answers as zod schemas from wire JSON (`z.input`) to domain values
 * (`z.output`, what the rest of the explorer reads). Money (USD, PAPER) is an 18-decimal
 * `bigint` ("wad"); prices are raw `bigint` at the instrument's `priceScale`; addresses and
 * hashes are lower-case; times are unix ms. Domain names are chosen so the tools' JSON names
 * follow (`deposited`, wad USD → `deposited_usd`); the wire's spellings stay on the wire side.
 *
 * Only `lib/papertrade/` (and the replay upstream in `fixtures/`, which must produce exactly these
 * shapes) may know them. `endpoints.ts` states which endpoint answers with which schema and what
 * is modelled; here each modelled spot is marked `modelled: [id]`, read per field (`_modelled.ts`).
 * The facts the known shapes rest on: docs/data-sources.md, "Facts the code relies on".
 */
import type { z } from "zod";

export * from "./_wire_trading.ts";
export * from "./_wire_leaderboard.ts";
export * from "./_wire_trades.ts";
export * from "./_wire_wallet.ts";
export * from "./_wire_protocol.ts";

/** Wire input type (the JSON) of a schema, for the replay upstream's generator and the tests. */
export type Wire<T extends z.ZodType> = z.input<T>;
