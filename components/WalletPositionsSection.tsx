/**
 * The wallet page's open positions: the server-rendered table inside the `LivePositions`
 * island, which keeps it current in the browser. A page rendering this section must pass
 * `ISLAND_SCRIPT_URL` (from `Island.tsx`) to `Layout.islandScript`.
 */
import type { WalletPositions } from "../lib/wallet/mod.ts";
import { buildPositionsView } from "../lib/live/positions_view.ts";
import { Island } from "./Island.tsx";

/** Props of {@link WalletPositionsSection}. */
export interface WalletPositionsSectionProps {
  /** The wallet's address (any case). */
  address: string;
  /** All open positions of the wallet, valued (from `fetchWalletPositions`). */
  positions: WalletPositions;
  /** Server clock (ms) the freshness ages are measured against. */
  now: number;
}

/** The "Open positions" section: a heading and the live table. */
export function WalletPositionsSection(props: WalletPositionsSectionProps) {
  const view = buildPositionsView(props.positions, props.now);
  return (
    <section
      class="wallet-positions"
      aria-labelledby="open-positions"
      data-wallet={props.address.toLowerCase()}
    >
      <h2 id="open-positions">Open positions</h2>
      <Island name="LivePositions" props={{ view }} />
    </section>
  );
}
