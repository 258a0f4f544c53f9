/** Scalar wire shapes shared by every Papertrade endpoint schema. */
import { ADDRESS_PATTERN, HASH_PATTERN } from "../address.ts";
import { z } from "zod";

/** An 18-decimal ("wad") or raw integer sent as a decimal string, parsed to bigint. */
export const intString = z.string().regex(/^-?[0-9]+$/, "expected an integer string")
  .transform((s) => BigInt(s));
/** A non-negative integer sent as a decimal string, parsed to bigint. */
export const uintString = z.string().regex(/^[0-9]+$/, "expected a non-negative integer string")
  .transform((s) => BigInt(s));
/**
 * A non-negative integer sent as a decimal string that must stay exact as a number (block
 * heights, counts): past 2^53 it is a shape error, never a rounded number.
 */
export const uintNumber = uintString
  .refine((n) => n <= BigInt(Number.MAX_SAFE_INTEGER), {
    error: (issue) => `${issue.input} is too large for an exact number`,
  })
  .transform(Number);
/** A lower-case 0x-prefixed 20-byte address. */
export type Address = `0x${string}`;

/** A 0x-prefixed 20-byte address, lower-cased. */
export const address = z.string().regex(ADDRESS_PATTERN, "expected a 0x address")
  .transform((s) => s.toLowerCase() as Address);
/** A 0x-prefixed 32-byte hash (intent id, transaction hash), lower-cased. */
export const bytes32 = z.string().regex(HASH_PATTERN, "expected a 32-byte 0x hash")
  .transform((s) => s.toLowerCase() as `0x${string}`);
/** An id sent as a decimal string and kept as one (position ids, feed sequence numbers). */
export const decimalId = z.string().regex(/^[0-9]+$/, "expected a decimal string");
/** A non-negative integer JSON number (ids, counts, revisions, unix seconds). */
export const count = z.number().int().nonnegative();
/** A unix time in milliseconds as a JSON number. */
export const ms = z.number().int().nonnegative();
/** A unix time in seconds as a JSON number, read as milliseconds (the domain speaks ms). */
export const secondsAsMs = count.transform((seconds) => seconds * 1000);
