import { equal, throws } from "node:assert/strict";
import { notionalWad } from "./notional.ts";
import { WAD } from "./units.ts";

Deno.test("notionalWad of the real $250 ETH position at 50x is $12,500", () => {
  equal(notionalWad(250n * WAD, 50), 12_500n * WAD);
});

Deno.test("notionalWad keeps every wad unit of an odd margin", () => {
  equal(notionalWad(10n * WAD + 1n, 1000), 10_000n * WAD + 1000n);
  equal(notionalWad(0n, 7), 0n);
});

Deno.test("notionalWad rejects negative margin and invalid leverage", () => {
  throws(() => notionalWad(-1n, 10), { name: "RangeError", message: /margin/ });
  throws(() => notionalWad(WAD, 0), { name: "RangeError", message: /leverage/ });
  throws(() => notionalWad(WAD, 1001), RangeError);
});
