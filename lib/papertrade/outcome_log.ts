/**
 * What the wallet stream has reported about ended intents while this process was reading it:
 * the newest outcomes per wallet, bounded in wallets and in entries, newest first.
 */
import type { EndedIntent, WalletPatch } from "./wire.ts";
import type { Address } from "./_wire_scalars.ts";

/** Outcomes kept per wallet. */
const OUTCOMES_KEPT = 20;
/** Wallets remembered; the least recently reported is forgotten first. */
const OUTCOME_WALLETS_KEPT = 1_000;

/** A bounded memory of reported intent outcomes. */
export class OutcomeLog {
  #byWallet = new Map<Address, EndedIntent[]>();

  /**
   * Records the outcomes a patch of `wallet`'s stream carries, stamped `reportedAt` (ms). One
   * entry per intent, the latest report winning; an intent the patch accepts again is pending, so
   * it has no final outcome.
   */
  record(address: string, patch: WalletPatch, reportedAt: number): void {
    const wallet = address.toLowerCase() as Address;
    const pending = new Set(patch.addedOperations.map((op) => op.intentId));
    const ended = new Map(patch.endedIntents.map((item) => [item.intentId, item]));
    const kept = this.#byWallet.get(wallet);
    if (ended.size === 0 && !kept?.some((item) => pending.has(item.intentId))) return;
    const stamped = [...ended.values()].filter((item) => !pending.has(item.intentId))
      .map((item) => ({ ...item, reportedAt }));
    const older = (kept ?? []).filter((item) =>
      !ended.has(item.intentId) && !pending.has(item.intentId)
    );
    this.#byWallet.delete(wallet);
    this.#byWallet.set(wallet, [...stamped.reverse(), ...older].slice(0, OUTCOMES_KEPT));
    if (this.#byWallet.size > OUTCOME_WALLETS_KEPT) {
      this.#byWallet.delete(this.#byWallet.keys().next().value!);
    }
  }

  /** The wallet's reported outcomes, newest first (empty when none were seen). */
  recent(wallet: string): EndedIntent[] {
    return [...(this.#byWallet.get(wallet.toLowerCase() as Address) ?? [])];
  }
}
