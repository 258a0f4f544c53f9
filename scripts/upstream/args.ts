/**
 * Command-line flags shared by `deno task record` and `deno task verify-upstream`:
 * `--api URL`, `--rpc URL`, `--wallet ADDRESS` and `--tx HASH` (both repeatable), and for the
 * recorder `--out DIR`. `--flag=value` works too.
 */
import { parseArgs } from "node:util";
import { ADDRESS_PATTERN, HASH_PATTERN } from "../../lib/address.ts";
import { DEFAULT_UPSTREAMS } from "../../lib/default_upstreams.ts";

/** Parsed flags. */
interface UpstreamArgs {
  apiUrl: string;
  rpcUrl: string;
  wallets: string[];
  txs: string[];
  /** Only when `--out` was given. */
  out?: string;
  help: boolean;
}

/** The public API origin, the default when neither `--api` nor PAPERTRADE_API_URL is set. */
export const DEFAULT_API_URL: string = DEFAULT_UPSTREAMS.papertradeApiUrl;

/** The usage lines of `--api` and `--rpc`, shared by both scripts, with their defaults. */
export const UPSTREAM_FLAGS_USAGE: string = [
  `  --api     Papertrade API origin (default PAPERTRADE_API_URL or ${DEFAULT_API_URL})`,
  `  --rpc     HyperEVM JSON-RPC URL (default HYPEREVM_RPC_URL or ${DEFAULT_UPSTREAMS.rpcUrl})`,
].join("\n");

const VALUE_FLAGS = ["api", "rpc", "wallet", "tx", "out"] as const;

/**
 * A script's flag handling: the parsed flags, or the exit status to stop with after printing
 * (a bad flag: its message and the usage on stderr, `usageExit`; `--help`: the usage, 0).
 */
export function parseScriptArgs(
  args: readonly string[],
  options: { usage: string; usageExit: number; allowOut?: boolean },
): UpstreamArgs | number {
  let parsed;
  try {
    parsed = parseUpstreamArgs(args, options);
  } catch (error) {
    console.error(`${(error as Error).message}\n${options.usage}`);
    return options.usageExit;
  }
  if (parsed.help) console.log(options.usage);
  return parsed.help ? 0 : parsed;
}

/** Parses the flags (defaults from the environment); throws a RangeError naming the bad flag. */
export function parseUpstreamArgs(
  args: readonly string[],
  options: { env?: { get(name: string): string | undefined }; allowOut?: boolean } = {},
): UpstreamArgs {
  const env = options.env ?? Deno.env;
  const parsed: UpstreamArgs = {
    apiUrl: env.get("PAPERTRADE_API_URL")?.trim() || DEFAULT_API_URL,
    rpcUrl: env.get("HYPEREVM_RPC_URL")?.trim() || DEFAULT_UPSTREAMS.rpcUrl,
    wallets: [],
    txs: [],
    help: false,
  };
  const { tokens } = parseArgs({
    args: [...args],
    options: {
      help: { type: "boolean", short: "h" },
      ...Object.fromEntries(VALUE_FLAGS.map((name) => [name, { type: "string" as const }])),
    },
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  for (const token of tokens) {
    if (token.kind !== "option") throw new RangeError(`unknown flag ${args[token.index]}`);
    const { rawName: flag, value } = token;
    if (token.name === "help") {
      parsed.help = true;
      continue;
    }
    if (!(VALUE_FLAGS as readonly string[]).includes(token.name)) {
      throw new RangeError(`unknown flag ${flag}`);
    }
    if (!value) throw new RangeError(`${flag} needs a value`);
    if (token.name === "api" || token.name === "rpc") {
      parsed[`${token.name}Url`] = httpUrl(flag, value);
    } else if (token.name === "out") {
      if (!options.allowOut) throw new RangeError("--out is a flag of the recorder only");
      parsed.out = value;
    } else {
      const [list, pattern, what] = token.name === "wallet"
        ? [parsed.wallets, ADDRESS_PATTERN, "a 0x address"]
        : [parsed.txs, HASH_PATTERN, "a 32-byte 0x hash"];
      if (!pattern.test(value)) throw new RangeError(`${flag} must be ${what}, got ${value}`);
      list.push(value.toLowerCase());
    }
  }
  return parsed;
}

function httpUrl(flag: string, value: string): string {
  const url = URL.parse(value);
  if (url?.protocol !== "http:" && url?.protocol !== "https:") {
    throw new RangeError(`${flag} must be an http(s) URL, got ${value}`);
  }
  return value.replace(/\/+$/, "");
}
