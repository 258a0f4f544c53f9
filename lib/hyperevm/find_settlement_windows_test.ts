import { deepEqual, equal } from "node:assert/strict";
import { type BlockWindow, HEAD_SLACK_BLOCKS, scanWindows } from "./find_settlement.ts";
import { MAX_LOG_RANGE } from "./client.ts";

const bounds = (windows: BlockWindow[]) => windows.map((w) => [w.fromBlock, w.toBlock]);

Deno.test("6000 blocks split into 7 contiguous windows, the newest running to latest", () => {
  const head = 48_400_000n;
  const windows = scanWindows(head);
  equal(windows.length, 7);
  equal(windows[0].fromBlock, head - 5999n);
  const newest = windows[6];
  equal(newest.toBlock, "latest");
  // its known part leaves room for the head to move by the slack
  equal(head - newest.fromBlock + 1n, 999n - HEAD_SLACK_BLOCKS);
  for (const [i, w] of windows.slice(0, 6).entries()) {
    if (w.toBlock === "latest") throw new Error("only the newest window runs to latest");
    equal(w.toBlock - w.fromBlock + 1n <= 999n, true);
    equal(windows[i + 1].fromBlock, w.toBlock + 1n);
  }
  equal(head - windows[0].fromBlock + 1n, 6000n);
});

Deno.test("window bounds are exact for a head of 10000", () => {
  const older = [[4001n, 4999n], [5000n, 5998n], [5999n, 6997n], [6998n, 7996n], [7997n, 8995n]];
  deepEqual(bounds(scanWindows(10_000n)), [...older, [8996n, 9061n], [9062n, "latest"]]);
});

Deno.test("the newest window fits the 999-block limit until the head moves past the slack", () => {
  equal(HEAD_SLACK_BLOCKS, 60n);
  for (const head of [10_000n, 48_400_000n]) {
    const newest = scanWindows(head).at(-1)!;
    equal(head + HEAD_SLACK_BLOCKS - newest.fromBlock + 1n, MAX_LOG_RANGE);
    equal(head + HEAD_SLACK_BLOCKS + 1n - newest.fromBlock + 1n, MAX_LOG_RANGE + 1n);
  }
});

Deno.test("near genesis the scan starts at block 0", () => {
  deepEqual(bounds(scanWindows(1500n)), [[0n, 561n], [562n, "latest"]]);
  deepEqual(bounds(scanWindows(900n)), [[0n, "latest"]]);
  deepEqual(bounds(scanWindows(0n)), [[0n, "latest"]]);
});
