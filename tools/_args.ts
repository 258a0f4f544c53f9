/**
 * The tools' argument schemas. Messages say what was expected; callTool adds the name from the
 * issue path ("argument 'address': expected 0x followed by 40 hex characters").
 */
import { ADDRESS_PATTERN, HASH_PATTERN } from "../lib/address.ts";
import { z } from "zod";

/** 0x and `digits` hex characters (`pattern`), case-insensitive, lower-cased. */
function hexArg(pattern: RegExp, digits: number, description: string) {
  const what = `0x followed by ${digits} hex characters`;
  const error = (issue: { input?: unknown }) =>
    issue.input === undefined ? `required: ${what}` : `expected a string: ${what}`;
  return z.string({ error }).trim().regex(pattern, `expected ${what}`)
    .overwrite((value) => value.toLowerCase()).describe(description);
}

/** A wallet address. */
export const addressArg = (description: string) => hexArg(ADDRESS_PATTERN, 40, description);

/** A 32-byte hash (transaction hash, intent id). */
export const hashArg = (description: string) => hexArg(HASH_PATTERN, 64, description);

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
