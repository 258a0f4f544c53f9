/** Links to the explorer's pages, with names shown as isolated plain text. */
import { shortHex } from "../lib/format.ts";
import { plainName } from "./names.ts";

/** A hex id linking to its page, short unless `full`, the whole id in its title. */
function HexLink(props: { href: string; hex: string; full?: boolean }) {
  return (
    <a class="mono" href={props.href} title={props.hex}>
      {props.full ? props.hex : shortHex(props.hex)}
    </a>
  );
}

/** A wallet address linking to its page; `full` shows all 42 characters. */
export function WalletLink(props: { address: string; full?: boolean }) {
  return <HexLink href={`/wallet/${props.address}`} hex={props.address} full={props.full} />;
}

export function TxLink(props: { hash: string; full?: boolean }) {
  return <HexLink href={`/tx/${props.hash}`} hex={props.hash} full={props.full} />;
}

/**
 * An intent id's link, with the wallet (enabling the queue and history checks) and the transaction
 * that carried it when known (found even when old).
 */
export function IntentLink(
  props: { id: string; wallet?: string | null; tx?: string | null; full?: boolean },
) {
  const params = [
    props.wallet ? `wallet=${props.wallet}` : "",
    props.tx ? `tx=${props.tx}` : "",
  ].filter(Boolean);
  const query = params.length ? `?${params.join("&")}` : "";
  return <HexLink href={`/intent/${props.id}${query}`} hex={props.id} full={props.full} />;
}

export function PositionLink(props: { id: string; wallet?: string | null }) {
  const query = props.wallet ? `?wallet=${props.wallet}` : "";
  return <a href={`/position/${props.id}${query}`}>#{props.id}</a>;
}

/**
 * A leaderboard name as text: `<bdi>` keeps a right-to-left override inside from reordering the
 * text around it; Preact escapes any markup.
 */
export function LeaderboardName(props: { name: string | null }) {
  if (props.name === null || props.name.trim() === "") return <span class="muted">no name</span>;
  return <bdi class="name">{props.name}</bdi>;
}

/**
 * A name for a headline: controls and overrides removed, one line of at most 40 characters, the
 * longer clean name in the title.
 */
export function HeadlineName(props: { name: string }) {
  return (
    <bdi class="name clamp" title={plainName(props.name, 200)}>{plainName(props.name, 40)}</bdi>
  );
}

/**
 * A link out to the block explorer (`BLOCK_EXPLORER_URL`) for a transaction or address, marked as
 * leaving the site, passing no referrer or window handle.
 */
export function ExplorerLink(props: { base: string; kind: "tx" | "address"; id: string }) {
  return (
    <a class="external" href={`${props.base}/${props.kind}/${props.id}`} rel="noopener noreferrer">
      View on {new URL(props.base).host} <span class="visually-hidden">(external site)</span>
      <span aria-hidden="true">↗</span>
    </a>
  );
}
