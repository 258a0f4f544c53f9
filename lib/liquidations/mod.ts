/**
 * The liquidations feature's public face for the page, the Atom feed and `get_liquidations`: every
 * liquidation the explorer sees (the latest trades and 7 days of the Exchange's events), viewed by
 * window, market and page, their totals per market and side, and their JSON model.
 */
export { type Liquidation, type LiquidationList, readLiquidations } from "./read.ts";
export {
  BadLiquidationCursorError,
  DEFAULT_SELECTION,
  LIQUIDATION_PAGE_ROWS,
  type LiquidationSelection,
  type LiquidationView,
  selectLiquidations,
} from "./select.ts";
export {
  LIQUIDATION_PERIODS,
  type LiquidationGroup,
  type LiquidationPeriod,
  type LiquidationPeriodTotals,
  type LiquidationSum,
  liquidationTotals,
  PERIOD_NAMES,
} from "./totals.ts";
export { liquidationsJson } from "./model.ts";
export { LIQUIDATION_SCAN } from "../hyperevm/liquidation_scan.ts";
