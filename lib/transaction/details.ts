/**
 * A HyperEVM transaction for the transaction page and decode_transaction: the decoded settlement,
 * the reads that failed, and the market of each position a `Liquidated` event names, so its raw
 * prices read in units (the event carries no instrument: the first trade-history page of the
 * event's wallet names it).
 */
import type { Hex } from "viem";
import { decodeTransaction, type HyperEvmClient } from "../hyperevm/mod.ts";
import type { Instrument, PapertradeClient } from "../papertrade/mod.ts";
import { findClosedTrade } from "../position/mod.ts";
import { Parts, unavailablePart } from "../parts.ts";

export type TransactionDetails = NonNullable<Awaited<ReturnType<typeof fetchTransactionDetails>>>;

/**
 * Null when no endpoint knows the hash. `instruments` holds the market of each liquidated position
 * found, by position id; `unavailable` names each receipt, block or market read that failed.
 */
export async function fetchTransactionDetails(
  sources: { hyperevm: HyperEvmClient; papertrade: PapertradeClient },
  hash: Hex,
  options: { signal?: AbortSignal } = {},
) {
  const decoded = await decodeTransaction(sources.hyperevm, hash);
  if (!decoded.found) return null;
  const parts = new Parts();
  for (const error of decoded.missing ?? []) parts.add(unavailablePart(error));
  const liquidated = decoded.events.flatMap((event) =>
    event.name === "Liquidated" ? [{ wallet: event.wallet, id: String(event.positionId) }] : []
  );
  const instruments = new Map<string, Instrument>();
  if (liquidated.length > 0) {
    const part = "market of the liquidated position";
    const { signal } = options;
    const [trading, ...trades] = await Promise.all([
      parts.read(sources.papertrade.read("tradingState", {}, { signal }), part),
      ...liquidated.map((item) =>
        parts.read(
          findClosedTrade(sources.papertrade, item.wallet, { positionId: item.id }, {
            signal,
            maxPages: 1,
          }),
          part,
        )
      ),
    ]);
    liquidated.forEach((item, i) => {
      const instrument = trading?.instruments.find((each) => each.id === trades[i]?.instrumentId);
      if (instrument) instruments.set(item.id, instrument);
    });
  }
  const { missing: _missing, found: _found, ...settlement } = decoded;
  // Imported here, where the chain client has loaded viem anyway, and not with the page.
  const { formatEther } = await import("viem");
  return {
    settlement,
    valueHype: formatEther(settlement.value), // the HYPE it carried, exact
    instruments,
    unavailable: parts.unavailable,
  };
}
