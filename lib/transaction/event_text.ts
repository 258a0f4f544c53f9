/**
 * One Exchange event's figures in words, from the model, as the transaction page and the MCP
 * settlement view show them. No zod here: the view's bundle loads it.
 */
import type { ExchangeEventJson } from "./model.ts";
import { formatDollars, formatQuote } from "../format.ts";

const price = (value: number | null | undefined, raw: string | undefined) =>
  typeof value === "number" ? formatQuote(value) : `${raw} (raw)`;

/** `margin returned $1.00, balance after $2.00, fees $0.10 to stakers and $0.05 to developers`. */
export function eventDetails(event: ExchangeEventJson): string {
  const fees = event.staker_fee_usd === undefined
    ? ""
    : `, fees ${formatDollars(event.staker_fee_usd)} to stakers and ${
      formatDollars(event.dev_fee_usd!)
    } to developers`;
  switch (event.name) {
    case "PositionsClosed":
      return `margin returned ${formatDollars(event.margin_returned_usd!)}, balance after ${
        formatDollars(event.balance_after_usd!)
      }${fees}`;
    case "Liquidated":
      return `position #${event.position_id}${event.market ? ` (${event.market})` : ""}, mark ${
        price(event.mark_price, event.mark_price_raw)
      }, bust ${price(event.bust_price, event.bust_price_raw)}${
        event.from_queued_balance ? ", from queued balance" : ""
      }${fees}`;
    case "Deposit":
      return `${formatDollars(event.amount_usd!)} via deposit proxy ${event.deposit_proxy}`;
    case "WithdrawToCore":
      return `${formatDollars(event.amount_usd!)} to HyperCore`;
  }
}
