/**
 * A market's bust ladder as server-drawn SVG (no script): notional that busts as the price moves
 * from the mark, cumulative above and per 0.05 % band below, longs left (price falls), shorts right
 * (it rises); the checkpoints (0.5, 1, 2, 5 %) as a table and every band holding a bust in the data
 * tables. Figures are `lib/at_risk/ladder.ts`'s exact sums, rounded only here.
 */
import {
  type AtRiskBoard,
  type BustLadder as Ladder,
  cumulative,
  ladderPrice,
  type LadderSide,
  type LadderSum,
  type MarketLadder,
} from "../lib/at_risk/mod.ts";
import { round } from "../lib/chart.ts";
import { formatCount, formatPrice, formatUsd } from "../lib/format.ts";
import { DataTable, numeric } from "./DataTable.tsx";
import { Time } from "./Time.tsx";

const BOX = { width: 400, height: 220, side: 8 };
/** The panels: cumulative on top, per band below, and the time-free x axis at the foot. */
const CUMULATIVE = { label: 16, top: 24, bottom: 112 };
const PER_BAND = { label: 132, top: 140, bottom: 196 };
const AXIS_Y = 214;
/** Moves the checkpoint table answers, in bands of the ladder's step. */
const CHECKPOINT_BPS = [50, 100, 200, 500];

/** Every market's ladder in `symbols`, or what is missing for one. */
export function BustLadders(props: {
  ladder: Ladder;
  symbols: readonly string[];
  board: AtRiskBoard;
  now: number;
}) {
  const { ladder, board, now } = props;
  const step = `${ladder.stepBps / 100}%`;
  const reach = `${(ladder.stepBps * ladder.steps) / 100}%`;
  return (
    <>
      <p>
        The exact notional that busts as the price moves from the mark, in {step}{" "}
        steps out to ±{reach}: longs bust as the price falls, shorts as it rises. Each position's
        bust price is published, so these are sums, not estimates. Papertrade charges no funding, so
        a bust price stays where it is while a position is open.
      </p>
      <p class="muted" data-ladder-coverage={board.partial ? "partial" : "full"}>
        From every open position on the <a href="/at-risk">at-risk board</a>, which covers{" "}
        {formatCount(board.covered.size)} of {formatCount(board.known.size)}{" "}
        wallets with open positions{board.partial
          ? " (partial coverage: the sums leave the others out)"
          : ""}. Positions read <Time at={board.refreshedAt} now={now} />; marks{" "}
        {board.markAt === null ? "not read" : <Time at={board.markAt} now={now} />}.
      </p>
      {ladder.unvalued > 0 && (
        <p class="muted">
          {formatCount(ladder.unvalued)} positions without a mark are left out.
        </p>
      )}
      {props.symbols.map((symbol) => {
        const market = ladder.markets.find((item) => item.symbol === symbol);
        return (
          <section class="ladder" data-ladder={symbol} aria-labelledby={`ladder-${symbol}`}>
            <h3 id={`ladder-${symbol}`}>{symbol}: where positions bust</h3>
            {market
              ? <MarketLadderView market={market} stepBps={ladder.stepBps} />
              : <p class="muted">No valued open position in {symbol} on the board.</p>}
          </section>
        );
      })}
    </>
  );
}

function MarketLadderView(props: { market: MarketLadder; stepBps: number }) {
  const { market, stepBps } = props;
  const { mark } = market;
  const price = (raw: bigint) => formatPrice(raw, mark.priceScale, 2);
  const longs = cumulative(market.long);
  const shorts = cumulative(market.short);
  return (
    <>
      <p>
        Mark {price(mark.markRaw)}.
      </p>
      <div class="ladder-body">
        <LadderSvg market={market} stepBps={stepBps} />
        <DataTable
          columns={["Move", numeric("Longs bust on a fall"), numeric("Shorts bust on a rise")]}
          caption={`${market.symbol}: notional that busts once the price has moved this far from ${
            price(mark.markRaw)
          }, positions in brackets`}
        >
          {CHECKPOINT_BPS.filter((bps) => bps / stepBps <= longs.length).map((bps) => (
            <tr data-checkpoint={bps}>
              <th scope="row">{bps / 100}%</th>
              <td class="num">{sumText(sumAt(longs, bps, stepBps))}</td>
              <td class="num">{sumText(sumAt(shorts, bps, stepBps))}</td>
            </tr>
          ))}
        </DataTable>
      </div>
      <details>
        <summary>{market.symbol} bust ladder: every band</summary>
        {([true, false] as const).map((isLong) => (
          <SideTable market={market} isLong={isLong} stepBps={stepBps} />
        ))}
      </details>
    </>
  );
}

/** The cumulative sum once the price has moved `bps` (the ladder's end when it reaches less). */
function sumAt(sums: LadderSum[], bps: number, stepBps: number) {
  return sums[Math.min(bps / stepBps, sums.length) - 1];
}

function sumText(sum: LadderSum) {
  return `${formatUsd(sum.notional)} (${formatCount(sum.count)})`;
}

/** One side's bands that hold a bust, with what is past bust and what lies beyond. */
function SideTable(props: { market: MarketLadder; isLong: boolean; stepBps: number }) {
  const { market, isLong, stepBps } = props;
  const side: LadderSide = isLong ? market.long : market.short;
  const sums = cumulative(side);
  const { markRaw, priceScale } = market.mark;
  const name = isLong ? "long" : "short";
  const move = (bands: number) => `${isLong ? "−" : "+"}${((bands * stepBps) / 100).toFixed(2)}%`;
  const row = (band: string, head: string, cells: string[]) => (
    <tr data-side={name} data-band={band}>
      <th scope="row">{head}</th>
      {cells.map((cell, i) => <td key={i} class="num">{cell}</td>)}
    </tr>
  );
  return (
    <DataTable
      columns={[
        "Move",
        numeric("Price"),
        numeric("Positions"),
        numeric("In band"),
        numeric("Cumulative"),
      ]}
      caption={`${market.symbol} ${name}s: notional whose bust lies within each ${
        stepBps / 100
      }% band as the price ${isLong ? "falls" : "rises"} (bands without one left out)`}
    >
      {side.pastBust.count > 0 && row("0", "at or past bust", [
        formatPrice(markRaw, priceScale, 2),
        formatCount(side.pastBust.count),
        formatUsd(side.pastBust.notional),
        formatUsd(side.pastBust.notional),
      ])}
      {side.bands.map((band, i) =>
        band.count === 0 ? null : row(String(i + 1), move(i + 1), [
          formatPrice(ladderPrice(markRaw, i + 1, isLong, stepBps), priceScale, 2),
          formatCount(band.count),
          formatUsd(band.notional),
          formatUsd(sums[i].notional),
        ])
      )}
      {row("beyond", `beyond ${move(side.bands.length)}`, [
        "",
        formatCount(side.beyond.count),
        formatUsd(side.beyond.notional),
        "",
      ])}
    </DataTable>
  );
}

/** The ladder drawn: cumulative steps on top, per-band bars below, the mark in the middle. */
function LadderSvg(props: { market: MarketLadder; stepBps: number }) {
  const { market, stepBps } = props;
  const { width, height, side } = BOX;
  const id = `ladder-svg-${market.symbol}`;
  const center = width / 2;
  const steps = market.long.bands.length;
  const bandWidth = (center - side) / steps;
  const longs = cumulative(market.long);
  const shorts = cumulative(market.short);
  const cumulativeMax = max([...longs, ...shorts].map((sum) => sum.notional));
  const bandMax = max(
    [...market.long.bands, ...market.short.bands].map((band) => band.notional),
  );
  const y = (value: bigint, top: number, bottom: number, high: bigint) =>
    high === 0n
      ? bottom
      : round(bottom - ((bottom - top) * Number((value * 10_000n) / high)) / 1e4);
  const xOf = (k: number, isLong: boolean) => round(center + (isLong ? -k : k) * bandWidth);
  const area = (sums: LadderSum[], start: LadderSum, isLong: boolean) => {
    const yAt = (sum: LadderSum) =>
      y(sum.notional, CUMULATIVE.top, CUMULATIVE.bottom, cumulativeMax);
    // Each band's edge is where its cumulative sum has busted.
    let path = `M${center} ${CUMULATIVE.bottom} V${yAt(start)}`;
    sums.forEach((sum, i) => {
      path += ` H${xOf(i + 1, isLong)} V${yAt(sum)}`;
    });
    return `${path} V${CUMULATIVE.bottom} Z`;
  };
  const reach = (steps * stepBps) / 100;
  const ticks: Array<[number, string, "start" | "middle" | "end"]> = [
    [side, `−${reach}%`, "start"],
    [round((side + center) / 2), `−${reach / 2}%`, "middle"],
    [center, "mark", "middle"],
    [round((center + width - side) / 2), `+${reach / 2}%`, "middle"],
    [width - side, `+${reach}%`, "end"],
  ];
  const at1 = (sums: LadderSum[]) => formatUsd(sumAt(sums, 100, stepBps).notional);
  const description = `Longs: ${at1(longs)} busts within a 1% fall, ${
    formatUsd(longs.at(-1)!.notional)
  } within ${reach}%. Shorts: ${at1(shorts)} within a 1% rise, ${
    formatUsd(shorts.at(-1)!.notional)
  } within ${reach}%.`;
  return (
    <figure class="chart ladder-chart">
      <svg
        class="chart-svg"
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        xmlns="http://www.w3.org/2000/svg"
      >
        <title id={`${id}-title`}>
          {`${market.symbol} bust ladder at the mark ${
            formatPrice(market.mark.markRaw, market.mark.priceScale, 2)
          }`}
        </title>
        <desc id={`${id}-desc`}>{description}</desc>
        <text class="label" x={side} y={CUMULATIVE.label}>
          {`Cumulative, top ${formatUsd(cumulativeMax, { compact: true })}`}
        </text>
        <path class="area good" d={area(longs, market.long.pastBust, true)} />
        <path class="area bad" d={area(shorts, market.short.pastBust, false)} />
        <text class="label" x={side} y={PER_BAND.label}>
          {`Per ${stepBps / 100}% band, top ${formatUsd(bandMax, { compact: true })}`}
        </text>
        {([true, false] as const).map((isLong) => (
          <g class={`bars ${isLong ? "good" : "bad"}`}>
            {(isLong ? market.long : market.short).bands.map((band, i) => {
              if (band.count === 0) return null;
              const top = y(band.notional, PER_BAND.top, PER_BAND.bottom, bandMax);
              return (
                <rect
                  x={isLong ? xOf(i + 1, true) : xOf(i, false)}
                  y={top}
                  width={round(bandWidth)}
                  height={round(PER_BAND.bottom - top)}
                />
              );
            })}
          </g>
        ))}
        {[PER_BAND.bottom, CUMULATIVE.bottom].map((y) => (
          <line class="axis" x1={side} x2={width - side} y1={y} y2={y} />
        ))}
        <line class="mark-line" x1={center} x2={center} y1={CUMULATIVE.top} y2={PER_BAND.bottom} />
        {ticks.map(([x, label, anchor]) => (
          <text class="label" x={x} y={AXIS_Y} text-anchor={anchor}>{label}</text>
        ))}
      </svg>
      <figcaption>
        <strong>{market.symbol} bust ladder</strong>
        <span class="legend">
          <span class="key good">Longs (price falls)</span>
          <span class="key bad">Shorts (price rises)</span>
        </span>
      </figcaption>
    </figure>
  );
}

function max(values: readonly bigint[]): bigint {
  return values.reduce((high, value) => value > high ? value : high, 0n);
}
