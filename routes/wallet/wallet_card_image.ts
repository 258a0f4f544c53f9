/**
 * The link-preview card as an element tree for `lib/card/rasterize.ts` (the content is
 * `cardContent`'s, `WalletCard.tsx`): a flex layout where every figure has its own box, sized to
 * fit (`fitFontSize`) and clipped with an ellipsis should a glyph run wider than expected. Names
 * lose controls and direction overrides first.
 */
import type { CardChild, CardElement } from "../../lib/card/rasterize.ts";
import { fitFontSize } from "../../lib/card/fit.ts";
import { CARD_SIZE, type CardContent } from "./WalletCard.tsx";

const PADDING = 64;
const GAP = 24;
const COLUMNS = 4;
export const FIGURE_BOX_WIDTH = Math.floor(
  (CARD_SIZE.width - 2 * PADDING - (COLUMNS - 1) * GAP) / COLUMNS,
);

function el(
  type: string,
  style: Record<string, string | number>,
  children?: CardChild | CardChild[],
): CardElement {
  return { type, props: { style, children } };
}

export function walletCardElement(address: string, content: CardContent): CardElement {
  const oneLine = { whiteSpace: "nowrap", overflow: "hidden", textOverflow: "ellipsis" };
  const mutedLine = (style: Record<string, number>, text: string) =>
    el("div", { display: "flex", marginLeft: PADDING, color: "#9aa4b2", ...style }, text);
  const fullLine = (style: Record<string, string | number>, text: string) =>
    el("div", {
      display: "block",
      marginLeft: PADDING,
      width: CARD_SIZE.width - 2 * PADDING,
      ...style,
      ...oneLine,
    }, text);
  return el("div", {
    width: "100%",
    height: "100%",
    display: "flex",
    flexDirection: "column",
    backgroundColor: "#0e1116",
    color: "#e6e9ee",
    fontFamily: "Inter",
    position: "relative",
  }, [
    el("div", {
      position: "absolute",
      top: 0,
      left: 0,
      width: CARD_SIZE.width,
      height: 12,
      backgroundColor: "#6ea8ff",
    }),
    mutedLine({ marginTop: PADDING, fontSize: 32 }, "Papertrade Explorer"),
    el("div", {
      position: "absolute",
      top: PADDING + 4,
      right: PADDING,
      display: "flex",
      fontSize: 24,
      color: "#9aa4b2",
    }, content.drawn),
    fullLine({
      marginTop: 28,
      fontSize: fitFontSize(content.name, CARD_SIZE.width - 2 * PADDING, 72, 40),
      fontWeight: 700,
    }, content.name),
    mutedLine({ marginTop: 12, fontSize: 28 }, address),
    fullLine({ marginTop: 12, fontSize: 28, color: content.risk.colour }, content.risk.text),
    el(
      "div",
      { display: "flex", flexDirection: "row", marginTop: 44, marginLeft: PADDING },
      content.figures.map((figure, index) =>
        el("div", {
          display: "flex",
          flexDirection: "column",
          width: FIGURE_BOX_WIDTH,
          minWidth: 0,
          marginLeft: index === 0 ? 0 : GAP,
          overflow: "hidden",
        }, [
          el("div", { display: "block", fontSize: 26, color: "#9aa4b2", ...oneLine }, figure.label),
          el("div", {
            display: "block",
            marginTop: 8,
            fontSize: fitFontSize(figure.value, FIGURE_BOX_WIDTH, 52),
            fontWeight: 700,
            color: figure.colour,
            ...oneLine,
          }, figure.value),
        ])
      ),
    ),
    // Margins rather than padding on the root: satori adds a root's padding to its height.
    el(
      "div",
      {
        position: "absolute",
        left: PADDING,
        bottom: 44,
        display: "flex",
        fontSize: 22,
        color: "#9aa4b2",
      },
      "Unofficial and read-only. High leverage can lose the whole margin.",
    ),
  ]);
}
