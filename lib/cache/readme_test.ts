import assert from "node:assert/strict";
import { PAPERTRADE_ENDPOINTS, type PapertradeEndpoint } from "../papertrade/mod.ts";
import { HYPERLIQUID_READS } from "../hyperliquid/candles.ts";
import type { ReadLifetime } from "../read_lifetime.ts";

/** "1 s", "30 min", "2 h": how the README writes a lifetime. */
function spoken(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  return `${ms / 1_000} s`;
}

Deno.test("the README's lifetimes table says what each cached read's row keeps, read by read (Papertrade, then Hyperliquid)", async () => {
  const readme = await Deno.readTextFile(new URL("../../README.md", import.meta.url));
  const block = readme.split("<!-- read-lifetimes:start")[1]?.split("<!-- read-lifetimes:end")[0];
  assert.ok(block, "the README has the lifetimes table");
  const rows = block.split("\n")
    .filter((line) => line.startsWith("| `"))
    .map((line) => line.split("|").slice(1, -1).map((cell) => cell.trim()));
  // The Papertrade API's rows, then Hyperliquid's (the candles), each in its table's order.
  const reads: Array<[string, { lifetime?: ReadLifetime }]> = [
    ...Object.entries<PapertradeEndpoint>(PAPERTRADE_ENDPOINTS),
    ...Object.entries(HYPERLIQUID_READS),
  ];
  const expected = reads.flatMap(([name, { lifetime }]) =>
    lifetime
      ? [[
        `\`${name}\``,
        spoken(lifetime.freshMs),
        spoken(lifetime.revalidateMs),
        spoken(lifetime.lastGoodMs),
      ]]
      : []
  );
  assert.deepEqual(rows, expected);
});
