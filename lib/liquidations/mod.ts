/**
 * The liquidations feature's public face: every liquidation the explorer can see (the latest
 * trades feed and the Exchange's events of the last 7 days), a view of them by window, market and
 * page, their totals per market and side, and their JSON model. The page, the Atom feed and
 * `get_liquidations` read it from here.
 */
export {
  type Liquidation,
  LIQUIDATION_HISTORY,
  type LiquidationCoverage,
  type LiquidationList,
  readLiquidations,
} from "./read.ts";
export {
  BadLiquidationCursorError,
  DEFAULT_SELECTION,
  LIQUIDATION_PAGE_ROWS,
  type LiquidationSelection,
  type LiquidationView,
  selectLiquidations,
  UnknownLiquidationMarketError,
} from "./select.ts";
export {
  eventsReach,
  LIQUIDATION_PERIODS,
  type LiquidationGroup,
  type LiquidationPeriod,
  type LiquidationPeriodTotals,
  type LiquidationSum,
  liquidationTotals,
  PERIOD_NAMES,
  sumOf,
} from "./totals.ts";
export { type LiquidationAnswer, liquidationsJson, periodOut } from "./model.ts";
export { LIQUIDATION_SCAN } from "../hyperevm/liquidation_scan.ts";
