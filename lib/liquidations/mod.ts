/**
 * The liquidations feature's public face: every liquidation the explorer can see (the latest
 * trades feed and the Exchange's events of the last 7 days), a view of them by window, market and
 * page, their totals per market and side, and their JSON model. The page, the Atom feed and
 * `get_liquidations` read it from here.
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
