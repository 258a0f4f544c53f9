/**
 * What the wallet stream has reported about a wallet's intents while this process was reading
 * it: each intent's latest report (ended with an outcome, removed without one, or accepted
 * again), with the account revision of the patch that carried it, bounded in wallets and in
 * entries. A snapshot read at an older revision is brought up to these reports
 * ({@link OutcomeLog.reconcile}), so every reader of a wallet sees one state per intent: an
 * intent is pending or has an outcome, never both.
 */
import type { EndedIntent, IntentOutcome, Operation, WalletAccount, WalletPatch } from "./wire.ts";
import type { Address } from "./_wire_scalars.ts";
import { RECENT_EVENTS_KEPT } from "./apply_patch.ts";

/** Reports kept per wallet (the newest), and wallets (the least recently reported goes first). */
const REPORTS_KEPT = 40;
const OUTCOME_WALLETS_KEPT = 1_000;

/** The latest thing the stream said about one intent. */
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
   * Records what a patch of `wallet`'s stream says about its intents, stamped `reportedAt` (ms)
   * and with the patch's account revision. One report per intent, the latest winning: an intent
   * the patch accepts again is pending (it has no outcome until it ends again).
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
   * `account` brought up to what the stream reported after its revision: intents that ended or
   * were removed since leave its pending operations, intents accepted again since come back.
   * Its recent outcomes are its own and the reported ones, one per intent (the latest report
   * wins), none for an intent it then lists as pending, newest first.
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
