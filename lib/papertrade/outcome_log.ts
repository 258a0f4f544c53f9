/**
 * Each intent's latest report on the wallet stream while this process read it (ended with an
 * outcome, removed without one, or accepted again) with its patch's account revision, bounded
 * in wallets and entries. A snapshot read at an older revision is brought up to them
 * ({@link OutcomeLog.reconcile}): an intent is pending or has an outcome, never both.
 */
import type { EndedIntent, IntentOutcome, Operation, WalletAccount, WalletPatch } from "./wire.ts";
import type { Address } from "./_wire_scalars.ts";
import { RECENT_EVENTS_KEPT } from "./apply_patch.ts";

/** Reports kept per wallet (the newest), and wallets (the least recently reported goes first). */
const REPORTS_KEPT = 40;
const OUTCOME_WALLETS_KEPT = 1_000;

type Report =
  & { intentId: string; revision: number; reportedAt: number }
  & (
    | { kind: "ended"; outcome: IntentOutcome }
    | { kind: "removed" }
    | { kind: "added"; operation: Operation }
  );

export class OutcomeLog {
  #byWallet = new Map<Address, Report[]>();

  /**
   * Records what a patch says about the wallet's intents, stamped `reportedAt` (ms). One report
   * per intent, the latest winning: one accepted again is pending until it ends again.
   */
  record(address: string, patch: WalletPatch, reportedAt: number): void {
    const wallet = address.toLowerCase() as Address;
    const revision = patch.accountRevision;
    const reports = new Map<string, Report>();
    for (const intentId of patch.removedOperations) {
      reports.set(intentId, { kind: "removed", intentId, revision, reportedAt });
    }
    for (const { intentId, outcome } of patch.endedIntents) {
      reports.set(intentId, { kind: "ended", outcome, intentId, revision, reportedAt });
    }
    for (const operation of patch.addedOperations) {
      const intentId = operation.intentId;
      reports.set(intentId, { kind: "added", operation, intentId, revision, reportedAt });
    }
    if (reports.size === 0) return;
    const kept = this.#byWallet.get(wallet);
    const older = (kept ?? []).filter((item) => !reports.has(item.intentId));
    this.#byWallet.delete(wallet);
    this.#byWallet.set(
      wallet,
      [...[...reports.values()].reverse(), ...older].slice(0, REPORTS_KEPT),
    );
    if (this.#byWallet.size > OUTCOME_WALLETS_KEPT) {
      this.#byWallet.delete(this.#byWallet.keys().next().value!);
    }
  }

  /** The wallet's reported outcomes, newest first, none for an intent accepted again since. */
  recent(wallet: string): EndedIntent[] {
    return (this.#byWallet.get(wallet.toLowerCase() as Address) ?? []).flatMap((item) =>
      item.kind === "ended"
        ? [{
          intentId: item.intentId as EndedIntent["intentId"],
          outcome: item.outcome,
          reportedAt: item.reportedAt,
        }]
        : []
    );
  }

  /**
   * `account` after the reports newer than its revision: intents ended or removed since leave
   * its operations, ones accepted again come back. Its recent outcomes: its own and the reported,
   * one per intent (the latest wins), none for one still pending, newest first.
   */
  reconcile(account: WalletAccount): WalletAccount {
    const reports = this.#byWallet.get(account.address) ?? [];
    if (reports.length === 0) return account;
    const newer = reports.filter((item) => item.revision > account.accountRevision);
    const gone = new Set(newer.filter((item) => item.kind !== "added").map((i) => i.intentId));
    const held = new Set(account.operations.map((op) => op.intentId as string));
    const operations = [
      ...account.operations.filter((op) => !gone.has(op.intentId)),
      ...newer.flatMap((item) =>
        item.kind === "added" && !held.has(item.intentId) ? [item.operation] : []
      ),
    ];
    const pending = new Set(operations.map((op) => op.intentId as string));
    const latest = new Map<string, EndedIntent>();
    for (const outcome of [...account.recentEndedIntents, ...this.recent(account.address)]) {
      const seen = latest.get(outcome.intentId);
      if (!seen || outcome.reportedAt > seen.reportedAt) latest.set(outcome.intentId, outcome);
    }
    const recentEndedIntents = [...latest.values()]
      .filter((outcome) => !pending.has(outcome.intentId))
      .sort((a, b) => b.reportedAt - a.reportedAt)
      .slice(0, RECENT_EVENTS_KEPT); // as many as a patched account keeps
    return { ...account, operations, recentEndedIntents };
  }
}
