/**
 * One upstream wallet stream per watched wallet per process, shared by every viewer (the market
 * feed's pattern). It keeps the account in sync (patches applied; reopened for a fresh snapshot
 * when out of sync or dropped); a new viewer gets the current account, then every change.
 * Leaving is synchronous, never waits on the upstream; the stream closes a grace period after
 * its last viewer leaves.
 */
import {
  applyWalletPatch,
  PapertradeApiError,
  type PapertradeClient,
  type WalletAccount,
} from "../papertrade/mod.ts";
import { sleep, SYSTEM_TIMERS, type Timers } from "../timers.ts";

/** What a viewer hears: each account state, or the failure that ended the stream (last). */
interface WalletListener {
  onAccount(account: WalletAccount): void;
  onError(error: unknown): void;
}

export interface WalletHubOptions {
  /** The upstream stream stays open this long after its last viewer leaves (default 10 s). */
  graceMs?: number;
  /** Pause before reopening a dropped stream, doubled per failure (default 1000 ms). */
  reopenDelayMs?: number;
  /** Failed reopens in a row after which the viewers get the error (default 3). */
  maxReopenFailures?: number;
  timers?: Timers;
}

interface WalletEntry {
  listeners: Set<WalletListener>;
  account: WalletAccount | null;
  control: AbortController;
  grace: unknown;
}

export type WalletHub = ReturnType<typeof createWalletHub>;

const hubs = new WeakMap<PapertradeClient, WalletHub>();

/** The process-wide hub of a client (created on first use with these options). */
export function sharedWalletHub(papertrade: PapertradeClient, options: WalletHubOptions = {}) {
  let hub = hubs.get(papertrade);
  if (!hub) hubs.set(papertrade, hub = createWalletHub(papertrade, options));
  return hub;
}

/**
 * `subscribe` returns the function that stops (synchronous); `stats` counts wallets with a stream
 * entry (open or in its grace period), viewers, and upstream streams open now.
 */
export function createWalletHub(papertrade: PapertradeClient, options: WalletHubOptions = {}) {
  const graceMs = options.graceMs ?? 10_000;
  const reopenDelayMs = options.reopenDelayMs ?? 1_000;
  const maxReopenFailures = options.maxReopenFailures ?? 3;
  const timers = options.timers ?? SYSTEM_TIMERS;
  const wallets = new Map<string, WalletEntry>();
  let upstreamStreams = 0;

  function each(entry: WalletEntry, call: (listener: WalletListener) => void): void {
    for (const listener of [...entry.listeners]) {
      try {
        call(listener);
      } catch (error) {
        // One viewer's failure is its own; the others keep hearing.
        console.error("wallet stream listener failed:", error);
      }
    }
  }

  function close(wallet: string, entry: WalletEntry): void {
    timers.clearTimeout(entry.grace);
    entry.control.abort();
    if (wallets.get(wallet) === entry) wallets.delete(wallet);
  }

  async function follow(wallet: string, entry: WalletEntry): Promise<void> {
    const { signal } = entry.control;
    let failures = 0;
    while (!signal.aborted) {
      let sawSnapshot = false;
      try {
        upstreamStreams++;
        try {
          for await (const event of papertrade.openWalletStream(wallet, { signal })) {
            if (signal.aborted) break;
            if (event.type === "snapshot") {
              entry.account = event.account;
              sawSnapshot = true;
              failures = 0;
              each(entry, (listener) => listener.onAccount(event.account));
            } else if (event.type === "patch" && entry.account !== null) {
              const patched = applyWalletPatch(entry.account, event.patch);
              // Out of sync: stop here and reopen for a fresh snapshot.
              if (!patched.inSync) break;
              const account = patched.account;
              entry.account = account;
              each(entry, (listener) => listener.onAccount(account));
            }
          }
        } finally {
          upstreamStreams--;
        }
        if (signal.aborted) return;
        if (!sawSnapshot) {
          throw new PapertradeApiError("the wallet stream closed before its snapshot", {
            endpoint: "/state/user/live",
            kind: "network",
          });
        }
      } catch (error) {
        if (signal.aborted) return;
        const unknown = error instanceof PapertradeApiError && error.status === 404;
        if (entry.account === null || unknown || ++failures > maxReopenFailures) {
          // The stream is over for everyone: the next viewer starts a fresh one.
          close(wallet, entry);
          each(entry, (listener) => listener.onError(error));
          return;
        }
      }
      await sleep(timers, reopenDelayMs * 2 ** Math.max(0, failures - 1), signal);
    }
  }

  return {
    subscribe(address: string, listener: WalletListener): () => void {
      const wallet = address.toLowerCase();
      let entry = wallets.get(wallet);
      if (!entry) {
        const control = new AbortController();
        wallets.set(
          wallet,
          entry = { listeners: new Set(), account: null, control, grace: undefined },
        );
        void follow(wallet, entry);
      }
      const joined = entry;
      timers.clearTimeout(joined.grace);
      joined.grace = undefined;
      joined.listeners.add(listener);
      if (joined.account) listener.onAccount(joined.account);
      return () => {
        if (!joined.listeners.delete(listener) || joined.listeners.size > 0) return;
        if (joined.control.signal.aborted) return;
        timers.clearTimeout(joined.grace);
        joined.grace = timers.setTimeout(() => {
          if (joined.listeners.size === 0) close(wallet, joined);
        }, graceMs);
      };
    },
    stats(): { wallets: number; viewers: number; upstreamStreams: number } {
      let viewers = 0;
      for (const entry of wallets.values()) viewers += entry.listeners.size;
      return { wallets: wallets.size, viewers, upstreamStreams };
    },
  };
}
