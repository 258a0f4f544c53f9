/**
 * A test's second process on the same KV file: runs `code` with `deno eval --unstable-kv`, and
 * reads each line it prints as JSON. The KV modules' tests (lib/kv/*_test.ts) use it.
 */

/** A running child and the lines it printed so far. */
export interface KvChild<T> {
  lines: T[];
  /**
   * The first line (already printed or still to come) that `match` accepts. A guard of
   * `guardMs` only ends a case that would otherwise hang: it is no timing assertion.
   */
  until(match: (line: T) => boolean, guardMs?: number): Promise<T>;
  kill(signal: Deno.Signal): void;
  exited: Promise<Deno.CommandStatus>;
}

export function kvChild<T>(code: string): KvChild<T> {
  const process = new Deno.Command(Deno.execPath(), {
    args: ["eval", "--unstable-kv", code],
    env: { RUST_BACKTRACE: "0", NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const lines: T[] = [];
  const waiters = new Set<() => void>();
  let stderr = "";
  let ended = false;
  (async () => {
    let rest = "";
    for await (const chunk of process.stdout.pipeThrough(new TextDecoderStream())) {
      rest += chunk;
      const parts = rest.split("\n");
      rest = parts.pop()!;
      for (const part of parts) if (part.trim()) lines.push(JSON.parse(part));
      for (const wake of waiters) wake();
    }
  })().catch(() => {});
  (async () => {
    for await (const chunk of process.stderr.pipeThrough(new TextDecoderStream())) stderr += chunk;
  })().catch(() => {});
  const exited = process.status.finally(() => {
    ended = true;
    for (const wake of waiters) wake();
  });
  return {
    lines,
    until(match, guardMs = 30_000) {
      return new Promise((resolve, reject) => {
        const guard = setTimeout(() => finish(new Error(`no matching line: ${stderr}`)), guardMs);
        const finish = (error?: Error, line?: T) => {
          clearTimeout(guard);
          waiters.delete(check);
          if (error) reject(error);
          else resolve(line!);
        };
        const check = () => {
          const line = lines.find(match);
          if (line !== undefined) finish(undefined, line);
          else if (ended) finish(new Error(`the child ended first: ${stderr}`));
        };
        waiters.add(check);
        check();
      });
    },
    kill(signal) {
      try {
        process.kill(signal);
      } catch {
        // already ended
      }
    },
    exited,
  };
}
