"use strict";
/**
 * The typed error of the idiomatic API, and the decoding of the native
 * addon's error records (see src/errors.rs).
 */

/** The prefix of a native error record. */
const MARK = "fastkzg:";

/**
 * An input was rejected, or a setup could not be loaded.
 *
 * - `code`: INVALID_TYPE, INVALID_LENGTH, NON_CANONICAL_FIELD_ELEMENT,
 *   INVALID_POINT, LENGTH_MISMATCH, CELL_INDEX_OUT_OF_RANGE,
 *   CELL_INDICES_NOT_ASCENDING, NOT_ENOUGH_CELLS, TOO_MANY_CELLS,
 *   INVALID_TRUSTED_SETUP, IO, INVALID_ARGUMENT or INTERNAL;
 * - `input`: which input ("blob", "commitment", "proof", "z", "y", "cell",
 *   "cell index", "commitment index"), where it applies;
 * - `index`: its position in its list (0 for a single input);
 * - `element`: the field element's index inside a blob or cell;
 * - `reason`: why a point was rejected (invalid_encoding, not_on_curve,
 *   not_in_subgroup);
 * - `blob`: in a batch call (`computeCellsBatch`, ...), the position of
 *   the blob whose input is wrong (`index` is then the position inside
 *   that blob's list).
 */
class KzgError extends Error {
  constructor(code, message, details = {}) {
    super(message);
    this.name = "KzgError";
    this.code = code;
    for (const key of ["input", "index", "element", "reason", "blob"]) {
      if (details[key] !== undefined) this[key] = details[key];
    }
  }
}

/** The record inside a native error, or null for any other error. */
function nativeRecord(err) {
  if (!(err instanceof Error) || typeof err.message !== "string" || !err.message.startsWith(MARK)) {
    return null;
  }
  try {
    return JSON.parse(err.message.slice(MARK.length));
  } catch {
    return null;
  }
}

/** A native error as a KzgError; any other error unchanged. */
function toKzgError(err) {
  const r = nativeRecord(err);
  if (r === null) return err;
  return new KzgError(r.code, r.message, r);
}

/** Calls `f`, rethrowing native errors as KzgError. */
function wrap(f) {
  try {
    return f();
  } catch (err) {
    throw toKzgError(err);
  }
}

module.exports = { KzgError, nativeRecord, toKzgError, wrap };
