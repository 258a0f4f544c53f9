/**
 * The Exchange's own events in a receipt or a getLogs answer: facts with verified topics, readable
 * whatever the BatchExecutor's ABI is (docs/data-sources.md).
 */
import { type Address, decodeEventLog, type Hex, isAddressEqual } from "viem";
import { CONTRACTS, EXCHANGE_EVENT_TOPICS, EXCHANGE_EVENTS_ABI } from "./contracts.ts";
import type { HyperEvmLog } from "./client.ts";

/** One decoded Exchange event; `wallet` is the account it names. USD words are 18-dp wads. */
export type ExchangeEvent =
  & Pick<HyperEvmLog, "transactionHash" | "blockNumber" | "logIndex">
  & { wallet: Address }
  & (
    | {
      name: "PositionsClosed";
      /** First data word, named "marginReturned" by a third party (name inferred). */
      marginReturned: bigint;
      /** Second data word, named "balanceAfter" by a third party (name inferred). */
      balanceAfter: bigint;
      stakerFee: bigint;
      devFee: bigint;
    }
    | {
      name: "Liquidated";
      positionId: bigint;
      /** Raw prices at the instrument's price scale. */
      markPrice: bigint;
      bustPrice: bigint;
      fromQueuedBalance: boolean;
      stakerFee: bigint;
      devFee: bigint;
    }
    | { name: "Deposit"; depositProxy: Address; amountUsdc8: bigint }
    | { name: "WithdrawToCore"; amount: bigint; amountUsdc8: bigint }
  );

type ExchangeEventName = ExchangeEvent["name"];

const NAME_BY_TOPIC = new Map<Hex, ExchangeEventName>(
  Object.entries(EXCHANGE_EVENT_TOPICS).map(([name, topic]) => [topic, name as ExchangeEventName]),
);

/**
 * The Exchange events among `logs`, in log order. Only logs the Exchange emitted count (anyone can
 * emit a look-alike elsewhere), and a log that does not decode is left out.
 */
export function readExchangeEvents(logs: readonly HyperEvmLog[]): ExchangeEvent[] {
  return logs.flatMap((log) => {
    const name = NAME_BY_TOPIC.get(log.topics[0]?.toLowerCase() as Hex);
    if (!name || !isAddressEqual(log.address, CONTRACTS.exchange)) return [];
    try {
      const { args } = decodeEventLog({
        abi: EXCHANGE_EVENTS_ABI,
        eventName: name,
        topics: log.topics as [Hex, ...Hex[]],
        data: log.data,
        strict: true,
      });
      // The deposit's other words (a zero, a block number) and the topic inputs are left out.
      const { user, topic: _topic, zeroWord: _zero, creditedBlock: _block, ...fields } = args as
        & { user: Address; depositProxy?: Address }
        & Record<string, unknown>;
      if (fields.depositProxy) fields.depositProxy = fields.depositProxy.toLowerCase() as Address;
      return [{
        transactionHash: log.transactionHash,
        blockNumber: log.blockNumber,
        logIndex: log.logIndex,
        name,
        wallet: user.toLowerCase() as Address,
        ...fields,
      } as ExchangeEvent];
    } catch {
      return [];
    }
  });
}

/** The accounts the events name, each once, in order of first mention. */
export function walletsOf(events: readonly { wallet: Address | null }[]): Address[] {
  return [...new Set(events.flatMap((event) => event.wallet ? [event.wallet] : []))];
}
