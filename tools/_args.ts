/**
 * Argument schemas shared by the tools. Each message says what was expected; the argument's
 * name travels in the issue path, and the MCP layer prints both ("argument 'address': expected
 * 0x followed by 40 hex characters").
 */
import { ADDRESS_PATTERN, HASH_PATTERN } from "../lib/address.ts";
import { z } from "zod";
import type { Address, Hex } from "viem";

/** Message for a 20-byte address that does not parse. */
const ADDRESS_MESSAGE = "expected 0x followed by 40 hex characters";
/** Message for a 32-byte hash that does not parse. */
const HASH_MESSAGE = "expected 0x followed by 64 hex characters";

function stringError(what: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined ? `required: ${what}` : `expected a string: ${what}`;
}

/** A wallet address, case-insensitive, lower-cased. */
export function addressArg(description: string) {
  return z.string({ error: stringError("0x followed by 40 hex characters") })
    .trim()
    .regex(ADDRESS_PATTERN, ADDRESS_MESSAGE)
    .overwrite((value) => value.toLowerCase() as Address)
    .describe(description);
}

/** A 32-byte hash (transaction hash, intent id), case-insensitive, lower-cased. */
export function hashArg(description: string) {
  return z.string({ error: stringError("0x followed by 64 hex characters") })
    .trim()
    .regex(HASH_PATTERN, HASH_MESSAGE)
    .overwrite((value) => value.toLowerCase() as Hex)
    .describe(description);
}

/**
 * An optional market symbol (BTC, ETH), upper-cased. Whether Papertrade lists it is the tool's
 * to check, against the trading state it reads.
 */
export function marketArg(description: string) {
  const error = "expected a market symbol such as BTC";
  return z.string({ error }).trim().regex(/^[A-Za-z0-9]{1,20}$/, error)
    .overwrite((symbol) => symbol.toUpperCase()).optional().describe(description);
}

/** A string from a fixed set, with a message that lists the allowed values. */
export function choiceArg<const T extends readonly [string, ...string[]]>(
  values: T,
  fallback: T[number],
  description: string,
) {
  return z.enum(values, { error: `expected one of ${values.join(", ")}` })
    .default(fallback as never)
    .describe(`${description} Default "${fallback}".`);
}

/** A whole number from `min` to `max`, `fallback` when absent; one message names the range. */
export function wholeNumberArg(
  description: string,
  { min, max, fallback }: { min: number; max: number; fallback: number },
) {
  const error = `expected a whole number from ${min} to ${max}`;
  return z.int({ error }).min(min, error).max(max, error).default(fallback).describe(description);
}

/**
 * An object schema that refuses unknown keys, naming them and the accepted ones, so a caller
 * that misspells an argument learns the right spelling.
 */
export function argsObject<const S extends z.core.$ZodLooseShape>(shape: S) {
  const accepted = Object.keys(shape).join(", ") || "none";
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `unknown argument${issue.keys.length === 1 ? "" : "s"} ${
          issue.keys.map((key) => `'${key}'`).join(", ")
        }; accepted arguments: ${accepted}`
        : undefined,
  });
}
