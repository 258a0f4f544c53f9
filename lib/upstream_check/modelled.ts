/**
 * Which wire shapes are modelled (our best guess, marked `modelled:` in
 * lib/papertrade/wire.ts and client.ts) rather than known from a public source. A mismatch in a
 * modelled shape means our guess was wrong; one in a known shape means the upstream changed.
 * The table restates those comments; modelled_test.ts checks every field named here exists.
 */

/** One modelled part of an endpoint's answer. */
export interface ModelledShape {
  /** API path (the wallet stream's fields start with the event name: `wallet.paper`). */
  endpoint: string;
  /** Field paths, `*` for any array index; `""` means the whole answer, path included. */
  fields: readonly string[];
  /** Known fields inside the modelled ones. */
  except?: readonly string[];
  /** The one-line reason, as in the wire.ts comment. */
  reason: string;
}

/** The modelled shapes, endpoint by endpoint. */
export const MODELLED_SHAPES: readonly ModelledShape[] = [
  {
    endpoint: "/state/trading",
    fields: ["winFeeRate"],
    reason: "the win-fee-rate key is unknown",
  },
  {
    endpoint: "/state/trading",
    fields: ["accRewardPerShare"],
    reason: "the staking accumulator key is unknown",
  },
  {
    endpoint: "/state/user/live",
    fields: ["wallet.paper"],
    reason: "the four PAPER keys are unknown",
  },
  {
    endpoint: "/state/user/live",
    fields: ["wallet.queueNodeCount", "wallet.consumableDebt"],
    reason: "the queue node count and consumable debt keys are unknown",
  },
  {
    endpoint: "/state/user/live",
    fields: ["wallet.operations"],
    reason: "the operation row's column order and parameter keys are unknown",
  },
  {
    endpoint: "/query/prices/latest",
    fields: [""],
    reason: "the one-second price point path is unknown",
  },
  {
    endpoint: "/state/leaderboard/accounts",
    fields: ["accounts.*"],
    except: ["accounts.*.address", "accounts.*.leaderboardName"],
    reason: "row fields beyond address and leaderboardName are unknown",
  },
  {
    endpoint: "/state/leaderboard/accounts",
    fields: ["pageInfo.page", "pageInfo.pageSize", "pageInfo.totalItems"],
    reason: "only pageInfo.totalPages is known",
  },
  {
    endpoint: "/query/wallet/trades",
    fields: [""],
    reason: "the trade-history path and row keys are unknown (only adjustedPnlRaw, " +
      "userPaidFeeRaw and cursor paging are documented)",
  },
  {
    endpoint: "/query/protocol/summary",
    fields: ["fees.pending"],
    reason: "the pending-fees key is unknown",
  },
  {
    endpoint: "/query/protocol/summary",
    fields: ["paper.supply", "paper.staked", "paper.trackedLp", "paper.accumulator"],
    reason: "the PAPER supply, staked, tracked-LP and accumulator keys are unknown",
  },
  {
    endpoint: "/query/protocol/summary",
    fields: ["queue"],
    reason: "the queue block's key is unknown",
  },
  {
    endpoint: "/query/protocol/trades/recent",
    fields: ["events"],
    reason: "recent-trade key spellings (and the limit parameter) are unknown",
  },
];

/** Why the field at `path` of an endpoint's answer is modelled, or undefined when it is known. */
export function modelledReason(
  endpoint: string,
  path: readonly PropertyKey[],
): string | undefined {
  const segments = path.map((s) => (typeof s === "number" ? "*" : String(s)));
  for (const shape of MODELLED_SHAPES) {
    if (shape.endpoint !== endpoint) continue;
    const within = (pattern: string) => startsWith(segments, pattern);
    if (shape.fields.some(within) && !(shape.except ?? []).some(within)) return shape.reason;
  }
  return undefined;
}

function startsWith(segments: readonly string[], pattern: string): boolean {
  if (pattern === "") return true;
  const want = pattern.split(".");
  return want.length <= segments.length && want.every((s, i) => s === segments[i]);
}
