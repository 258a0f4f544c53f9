/**
 * Command-line flags shared by `deno task record` and `deno task verify-upstream`:
 * `--api URL`, `--rpc URL`, `--wallet ADDRESS` and `--tx HASH` (both repeatable), and for the
 * recorder `--out DIR`. `--flag=value` works too.
 */
import { ADDRESS_PATTERN as ADDRESS, HASH_PATTERN as HASH } from "../../lib/address.ts";
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

/** Where the flags' defaults come from. */
interface ArgsOptions {
  env?: { get(name: string): string | undefined };
  /** Whether `--out` is accepted (the recorder's flag). */
  allowOut?: boolean;
}

/** The public API origin, the default when neither `--api` nor PAPERTRADE_API_URL is set. */
export const DEFAULT_API_URL: string = DEFAULT_UPSTREAMS.papertradeApiUrl;

/** The usage lines of `--api` and `--rpc`, shared by both scripts, with their defaults. */
export const UPSTREAM_FLAGS_USAGE: string = [
  `  --api     Papertrade API origin (default PAPERTRADE_API_URL or ${DEFAULT_API_URL})`,
  `  --rpc     HyperEVM JSON-RPC URL (default HYPEREVM_RPC_URL or ${DEFAULT_UPSTREAMS.rpcUrl})`,
].join("\n");

/** Options of {@link parseScriptArgs}: the script's usage text and its exit status for bad flags. */
interface ScriptArgsOptions extends ArgsOptions {
  usage: string;
  usageExit: number;
}

/**
 * A script's flag handling: the parsed flags, or the exit status to stop with after printing
 * (a bad flag: its message and the usage on stderr, `usageExit`; `--help`: the usage, 0).
 */
export function parseScriptArgs(
  args: readonly string[],
  options: ScriptArgsOptions,
): UpstreamArgs | number {
  let parsed;
  try {
    parsed = parseUpstreamArgs(args, options);
  } catch (error) {
    console.error(`${(error as Error).message}\n${options.usage}`);
    return options.usageExit;
  }
  if (parsed.help) {
    console.log(options.usage);
    return 0;
  }
  return parsed;
}

/** Parse the flags; throws a RangeError naming the bad flag. */
export function parseUpstreamArgs(
  args: readonly string[],
  options: ArgsOptions = {},
): UpstreamArgs {
  const env = options.env ?? Deno.env;
  const parsed: UpstreamArgs = {
    apiUrl: env.get("PAPERTRADE_API_URL")?.trim() || DEFAULT_API_URL,
    rpcUrl: env.get("HYPEREVM_RPC_URL")?.trim() || DEFAULT_UPSTREAMS.rpcUrl,
    wallets: [],
    txs: [],
    help: false,
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--help" || arg === "-h") {
      parsed.help = true;
      continue;
    }
    const eq = arg.indexOf("=");
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    const value = () => {
      const v = eq > 0 ? arg.slice(eq + 1) : args[++i];
      if (v === undefined || v === "") throw new RangeError(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case "--api":
        parsed.apiUrl = httpUrl(flag, value());
        break;
      case "--rpc":
        parsed.rpcUrl = httpUrl(flag, value());
        break;
      case "--wallet":
        parsed.wallets.push(matching(flag, value(), ADDRESS, "a 0x address").toLowerCase());
        break;
      case "--tx":
        parsed.txs.push(matching(flag, value(), HASH, "a 32-byte 0x hash").toLowerCase());
        break;
      case "--out":
        if (!options.allowOut) throw new RangeError("--out is a flag of the recorder only");
        parsed.out = value();
        break;
      default:
        throw new RangeError(`unknown flag ${arg}`);
    }
  }
  return parsed;
}

function httpUrl(flag: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new RangeError(`${flag} must be an http(s) URL, got ${value}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new RangeError(`${flag} must be an http(s) URL, got ${value}`);
  }
  return value.replace(/\/+$/, "");
}

function matching(flag: string, value: string, pattern: RegExp, what: string): string {
  if (!pattern.test(value)) throw new RangeError(`${flag} must be ${what}, got ${value}`);
  return value;
}
