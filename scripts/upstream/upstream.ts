/**
 * What `deno task record` and `deno task verify-upstream` share: their flags, and the upstream
 * read through the explorer's own clients (Papertrade `read`, the HyperEVM client, the BBO
 * reader, the JSON-RPC transport for the chain id), so an answer holds exactly when the explorer
 * would take it. A tap on `fetch` keeps the last answer's bytes: `record` writes them unchanged,
 * `verify-upstream` looks in them for modelled fields. A read never throws: what went wrong is a
 * {@link Finding} (the client's refusal, each modelled key missing, the rows dropped).
 */
import { parseArgs } from "node:util";
import { createParser } from "eventsource-parser";
import { ADDRESS_PATTERN, HASH_PATTERN } from "../../lib/address.ts";
import { DEFAULT_UPSTREAMS } from "../../lib/default_upstreams.ts";
import {
  createPapertradeClient,
  modelledGapsOf,
  PAPERTRADE_ENDPOINT_NAMES,
  PAPERTRADE_ENDPOINTS as ROWS,
  PapertradeApiError,
  type PapertradeEndpoint,
  type PapertradeEndpointName,
  type ReadParams,
  type ReadResult,
  requestTarget,
} from "../../lib/papertrade/mod.ts";
import { modelledPartAt } from "../../lib/papertrade/endpoints.ts";
import { createBboReader, createHyperEvmClient, HyperEvmError } from "../../lib/hyperevm/mod.ts";
import { createRpc } from "../../lib/hyperevm/rpc.ts";

/** One problem with one read. */
export interface Finding {
  /** The API path (its template) or the JSON-RPC method. */
  endpoint: string;
  /** The request: its target (`/state/leaderboard/accounts?page=0&…`), or `method(detail)`. */
  label: string;
  /** What was wrong, following the label: `✖ has 22 fields, expected 23 → at instruments[0]`. */
  message: string;
  /** No answer at all (DNS, connect, timeout, HTTP 5xx or 429): it says nothing of shapes. */
  unreachable?: true;
  /** Why the part is modelled, when the finding is in a modelled part of the endpoint table. */
  modelled?: string;
}

/** A finding as one line: the label, then what was wrong. */
export const formatFinding = (finding: Finding): string => `${finding.label} ${finding.message}`;

export interface UpstreamOptions {
  apiUrl: string;
  rpcUrl: string;
  /** Wallets whose reads are made too (stream snapshot, queue ranks, trade history). */
  wallets?: readonly string[];
  /** Transactions whose reads are made too (transaction, receipt, their block's logs). */
  txs?: readonly string[];
  /** Per-attempt timeout in ms (default 15000). */
  timeoutMs?: number;
  /** Attempts per API read, the first included (default 4). */
  maxAttempts?: number;
  /** How to wait between attempts; tests pass one that records the wait and returns at once. */
  sleep?: (ms: number) => Promise<void>;
  /** Called once per read with a short line, e.g. `/state/trading ok`. */
  log?: (line: string) => void;
}

/**
 * Every read whose whole answer is one fixture file: the rows whose parameters all appear in
 * their fixture's name, once per value of those (enum) parameters.
 */
export const FILE_PROBES: ReadonlyArray<{
  name: PapertradeEndpointName;
  params: ReadParams<PapertradeEndpointName>;
  file: string;
}> = PAPERTRADE_ENDPOINT_NAMES.flatMap((name) => {
  const { fixture, params } = ROWS[name] as PapertradeEndpoint;
  const keys = Object.keys(params?.shape ?? {});
  if (!fixture || keys.some((key) => !fixture.includes(`{${key}}`))) return [];
  let probes = [{ params: {} as Record<string, string>, file: fixture }];
  for (const key of keys) {
    const values = (params!.shape[key] as unknown as { options: unknown[] }).options;
    probes = probes.flatMap(({ params, file }) =>
      values.map((v) => ({
        params: { ...params, [key]: `${v}` },
        file: file.replace(`{${key}}`, `${v}`),
      }))
    );
  }
  return probes.map(({ params, file }) => ({ name, params: params as never, file }));
});

/** The explorer's clients over one API origin and one RPC URL, every read checked and kept. */
export function openUpstream(options: UpstreamOptions) {
  const findings: Finding[] = [];
  let requests = 0;
  // The last response's status and bytes: reads run one at a time, so they are the read's.
  let last: { status?: number; chunks: Uint8Array[] } = { chunks: [] };
  const tap: typeof fetch = async (input, init) => {
    requests += 1;
    const seen: typeof last = last = { chunks: [] };
    const response = await fetch(input, init);
    seen.status = response.status;
    if (!response.body) return response;
    const copy = new TransformStream<Uint8Array, Uint8Array>({
      transform: (chunk, out) => (seen.chunks.push(chunk), out.enqueue(chunk)),
    });
    return new Response(response.body.pipeThrough(copy), response);
  };
  const timeoutMs = options.timeoutMs ?? 15_000;
  const api = createPapertradeClient({
    baseUrl: options.apiUrl,
    timeoutMs,
    fetch: tap,
    retry: {
      maxAttempts: options.maxAttempts ?? 4,
      maxRetryWaitMs: 60_000,
      baseDelayMs: 500,
      totalBudgetMs: Number.POSITIVE_INFINITY,
      wait: options.sleep,
    },
  });
  const rpcOptions = { rpcUrl: options.rpcUrl, timeoutMs, fetch: tap };
  const clients = {
    chain: createHyperEvmClient(rpcOptions),
    bbo: createBboReader(rpcOptions),
    rpc: createRpc(rpcOptions),
  };

  /** One read: the client's value and raw JSON when whole, else undefined (see findings). */
  async function take<T>(
    endpoint: string,
    label: string,
    read: () => Promise<T>,
    rawOf: (text: string) => unknown,
  ): Promise<{ value: T; raw: unknown } | undefined> {
    last = { chunks: [] };
    const found: Finding[] = [];
    const add = (message: string, modelled?: string, unreachable?: boolean) =>
      found.push({
        endpoint,
        label,
        message,
        ...(unreachable ? { unreachable: true } : modelled ? { modelled } : {}),
      });
    // A failure of the whole answer is modelled only where the whole answer is.
    const wholeModelled = modelledPartAt(endpoint, [])?.reason;
    let value: T | undefined;
    try {
      value = await read();
      for (const gap of modelledGapsOf(value)) {
        const path = gap.field.split(".").map((s) => s === "*" ? 0 : /^\d+$/.test(s) ? +s : s);
        add(
          `✖ ${gap.reason} → at ${gap.field}`,
          modelledPartAt(endpoint, path)?.reason ?? gap.reason,
        );
      }
      const skipped = (value as { rowsSkipped?: number } | null)?.rowsSkipped;
      if (skipped) add(`dropped ${skipped} rows it could not read (rowsSkipped)`, wholeModelled);
    } catch (error) {
      const text = (error as { detail?: string }).detail ?? (error as Error).message;
      const message = text.startsWith(`${endpoint} `) ? text.slice(endpoint.length + 1) : text;
      add(message, wholeModelled, noAnswer(error, last.status));
    }
    findings.push(...found);
    options.log?.(`${label} ${found[0]?.message ?? "ok"}`);
    if (found.length > 0) return undefined;
    return { value: value!, raw: rawOf(await new Blob(last.chunks as BlobPart[]).text()) };
  }

  return {
    /** Every problem found so far, in the order of the reads. */
    findings,
    /** HTTP requests sent, retries included. */
    requests: () => requests,
    /** A read of the endpoint table; the stream's raw answer is `{ wallet }`, its snapshot. */
    api<N extends PapertradeEndpointName>(name: N, params?: ReadParams<N>) {
      const read = api.read as (name: N, params?: ReadParams<N>) => Promise<ReadResult<N>>;
      const row: PapertradeEndpoint = ROWS[name];
      return take(row.path, requestTarget(name, params), () => read(name, params), (text) => {
        if (row.format !== "sse") return JSON.parse(text);
        let wallet: unknown;
        const first = ({ event, data }: { event?: string; data: string }) => {
          if (event === "wallet") wallet ??= JSON.parse(data);
        };
        createParser({ onEvent: first }).feed(text);
        return { wallet };
      });
    },
    /** A chain read through the clients; the raw answer is the call's JSON-RPC `result`. */
    chain<T>(method: string, detail: string, read: (c: typeof clients) => Promise<T>) {
      const label = detail ? `${method}(${detail})` : method;
      return take(method, label, () => read(clients), (text) => JSON.parse(text).result);
    },
  };
}

/** A failure that says nothing about shapes: no answer, a timeout, HTTP 5xx or 429. */
function noAnswer(error: unknown, status: number | undefined): boolean {
  if (error instanceof PapertradeApiError) {
    if (error.kind === "timeout" || error.kind === "network") return true;
  } else if (error instanceof HyperEvmError) {
    if (error.endpointFailures.some((failure) => failure.kind === "timeout")) return true;
  } else return false;
  return status === undefined || status >= 500 || status === 429;
}

/**
 * The flags `--api URL`, `--rpc URL`, `--wallet ADDRESS` and `--tx HASH` (both repeatable), and
 * the recorder's `--out DIR`; the URLs default to PAPERTRADE_API_URL and HYPEREVM_RPC_URL, then
 * to the public upstreams. Returns the exit status instead after printing: `--help` the usage, 0;
 * a bad flag its message and the usage on stderr, `usageExit`.
 */
export function parseFlags(
  args: string[],
  options: { usage: string; usageExit: number; out?: boolean; env?: Pick<Deno.Env, "get"> },
): (UpstreamOptions & { wallets: string[]; txs: string[]; out?: string }) | number {
  const env = options.env ?? Deno.env;
  const text = { type: "string" } as const;
  const many = { type: "string", multiple: true } as const;
  try {
    const { values } = parseArgs({
      args,
      options: {
        help: { type: "boolean", short: "h" },
        api: text,
        rpc: text,
        wallet: many,
        tx: many,
        ...(options.out ? { out: text } : {}),
      },
    });
    if (values.help) return (console.log(options.usage), 0);
    const url = (flag: string, value: string) => {
      const parsed = URL.parse(value);
      if (parsed?.protocol !== "http:" && parsed?.protocol !== "https:") {
        throw new RangeError(`${flag} must be an http(s) URL, got ${value}`);
      }
      return value.replace(/\/+$/, "");
    };
    const list = (flag: string, pattern: RegExp, what: string, given: string[] = []) =>
      given.map((value) => {
        if (!pattern.test(value)) throw new RangeError(`${flag} must be ${what}, got ${value}`);
        return value.toLowerCase();
      });
    return {
      apiUrl: values.api === undefined
        ? env.get("PAPERTRADE_API_URL")?.trim() || DEFAULT_UPSTREAMS.papertradeApiUrl
        : url("--api", values.api),
      rpcUrl: values.rpc === undefined
        ? env.get("HYPEREVM_RPC_URL")?.trim() || DEFAULT_UPSTREAMS.rpcUrl
        : url("--rpc", values.rpc),
      wallets: list("--wallet", ADDRESS_PATTERN, "a 0x address", values.wallet),
      txs: list("--tx", HASH_PATTERN, "a 32-byte 0x hash", values.tx),
      out: (values as { out?: string }).out,
    };
  } catch (error) {
    console.error(`${(error as Error).message}\n${options.usage}`);
    return options.usageExit;
  }
}

/** The usage lines of `--api` and `--rpc`, with their defaults. */
export const UPSTREAM_FLAGS_USAGE: string = [
  "  --api     Papertrade API origin (default PAPERTRADE_API_URL or " +
  `${DEFAULT_UPSTREAMS.papertradeApiUrl})`,
  `  --rpc     HyperEVM JSON-RPC URL (default HYPEREVM_RPC_URL or ${DEFAULT_UPSTREAMS.rpcUrl})`,
].join("\n");
