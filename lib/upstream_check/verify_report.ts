/**
 * What `verify-upstream` found, as data and as the text it prints, and the exit status that
 * names the worst finding. Filled in by `verify.ts`.
 */
import { formatMismatch, type Mismatch, type Probe, probeLabel } from "./mismatch.ts";

/** A request that got no answer to judge shapes by. */
export interface Unreachable extends Probe {
  problem: string;
}

/** What the answers say about one modelled item of the endpoint table. */
export interface ModelledVerdict {
  endpoint: string;
  fields: readonly string[];
  reason: string;
  /** `unchecked` when no answer of its endpoint arrived. */
  verdict: "confirmed" | "contradicted" | "unchecked";
}

/** The outcome of a verification. */
export interface VerifyReport {
  /** Requests checked (one per endpoint and parameter set). */
  checked: number;
  mismatches: Mismatch[];
  /** Requests that got no answer (DNS, connect, timeout, HTTP 5xx or 429). */
  unreachable: Unreachable[];
  /** Every modelled item with its verdict (filled in at the end). */
  modelled: ModelledVerdict[];
  /** Not mismatches, but worth knowing (e.g. a transaction the chain does not know). */
  notes: string[];
}

/** Exit statuses of `verify-upstream`, one per kind of finding. */
export const VERIFY_EXIT = {
  ok: 0,
  /** A known shape no longer holds: the upstream changed. */
  shapeMismatch: 1,
  usage: 2,
  /** A modelled item is contradicted: our guess was wrong. */
  modelledContradicted: 3,
  /** Some endpoint did not answer; nothing else was wrong. */
  unreachable: 4,
} as const;

/** The exit status for a report: known mismatches first, then modelled, then unreachable. */
export function verifyExitCode(report: VerifyReport): number {
  if (report.mismatches.some((m) => !m.modelled)) return VERIFY_EXIT.shapeMismatch;
  if (report.mismatches.some((m) => m.modelled)) return VERIFY_EXIT.modelledContradicted;
  if (report.unreachable.length > 0) return VERIFY_EXIT.unreachable;
  return VERIFY_EXIT.ok;
}

/**
 * The report as text: unreachable endpoints, mismatches in known shapes (the upstream
 * changed), mismatches in modelled shapes (our guess was wrong, with the reason it is a
 * guess), the verdict on every modelled item, notes, and the summary line
 * `N endpoints checked, M mismatches, U unreachable`.
 */
export function formatReport(report: VerifyReport): string {
  const known = report.mismatches.filter((m) => !m.modelled);
  const modelled = report.mismatches.filter((m) => m.modelled);
  const lines: string[] = [];
  if (report.unreachable.length > 0) {
    lines.push("unreachable (no answer to check):");
    for (const u of report.unreachable) lines.push(`  ${probeLabel(u)} ${u.problem}`);
  }
  if (known.length > 0) {
    lines.push("known shape (a documented fact no longer holds):");
    for (const m of known) lines.push(`  ${formatMismatch(m)}`);
  }
  if (modelled.length > 0) {
    lines.push("modelled shape (our guess of an undocumented shape is wrong):");
    for (const m of modelled) lines.push(`  ${formatMismatch(m)}`, `    modelled: ${m.modelled}`);
  }
  const decided = report.modelled.filter((m) => m.verdict !== "unchecked");
  if (decided.length > 0) {
    lines.push("modelled items:");
    for (const m of decided) {
      lines.push(`  ${m.verdict} ${m.endpoint} ${m.fields.join(", ") || "(whole answer)"}`);
    }
  }
  for (const note of report.notes) lines.push(`note: ${note}`);
  const n = report.mismatches.length;
  // Always plural: scripts read this line by its fixed form.
  lines.push(
    `${report.checked} endpoints checked, ${n} mismatches, ${report.unreachable.length} unreachable`,
  );
  return lines.join("\n");
}
