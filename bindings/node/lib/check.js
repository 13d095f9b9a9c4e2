"use strict";
/**
 * Input checks of the idiomatic API: types and lengths, with KzgErrors
 * that name the input and its position. Values (field elements, points,
 * cell index ranges) are checked by the library.
 */
const { isUint8Array } = require("util").types;
const native = require("./native");
const { KzgError } = require("./errors");

/** Byte sizes of the inputs, by their names. */
const SIZES = {
  blob: native.BYTES_PER_BLOB,
  commitment: native.BYTES_PER_COMMITMENT,
  proof: native.BYTES_PER_PROOF,
  z: native.BYTES_PER_FIELD_ELEMENT,
  y: native.BYTES_PER_FIELD_ELEMENT,
  cell: native.BYTES_PER_CELL,
};

/** The input and its position, as messages name them. */
function at(input, index) {
  return index ? `${input} ${index}` : input;
}

function describe(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (ArrayBuffer.isView(value)) return `a ${value.constructor.name}`;
  return `a ${typeof value}`;
}

/** "blob B: " for an input of blob `blob` of a batch call, else "". */
function inBlob(blob) {
  return blob === undefined ? "" : `blob ${blob}: `;
}

/**
 * `value`, checked to be a Uint8Array (a Buffer is one) of the size of
 * `input`; `blob`, for an item of one blob's list in a batch call, names
 * that blob.
 */
function bytes(value, input, index = 0, blob = undefined) {
  if (!isUint8Array(value)) {
    throw new KzgError(
      "INVALID_TYPE",
      `${inBlob(blob)}${at(input, index)}: expected a Uint8Array, got ${describe(value)}`,
      { input, index, blob }
    );
  }
  const expected = SIZES[input];
  if (value.length !== expected) {
    throw new KzgError(
      "INVALID_LENGTH",
      `${inBlob(blob)}${at(input, index)}: expected ${expected} bytes, got ${value.length}`,
      { input, index, blob }
    );
  }
  return value;
}

/** `values` as an array: any iterable but a string or a typed array. */
function array(values, input, blob = undefined) {
  if (
    values === null ||
    values === undefined ||
    typeof values === "string" ||
    ArrayBuffer.isView(values) ||
    typeof values[Symbol.iterator] !== "function"
  ) {
    throw new KzgError("INVALID_TYPE", `${inBlob(blob)}${input} list: expected an array, got ${describe(values)}`, {
      input,
      blob,
    });
  }
  return Array.isArray(values) ? values : Array.from(values);
}

/** A list of `input` items, each checked, concatenated for the addon. */
function list(values, input) {
  const items = array(values, input);
  items.forEach((item, index) => bytes(item, input, index));
  return Buffer.concat(items);
}

/**
 * Per-blob lists of `input` items (a batch call's cells or proofs: one
 * list per blob), each item checked; every blob's list must have `per`
 * items (a LENGTH_MISMATCH naming the first blob that does not). Returns
 * the items blob after blob, concatenated for the addon.
 */
function nested(values, input, per, perName) {
  const lists = array(values, input);
  const flat = [];
  lists.forEach((inner, blob) => {
    const items = array(inner, input, blob);
    if (items.length !== per) {
      throw new KzgError(
        "LENGTH_MISMATCH",
        `blob ${blob}: expected ${per} ${input}s (${perName}), got ${items.length}`,
        { input, blob }
      );
    }
    items.forEach((item, index) => flat.push(bytes(item, input, index, blob)));
  });
  return { bytes: Buffer.concat(flat), blobs: lists.length };
}

/** `values` has `count` items, else a LENGTH_MISMATCH (one `input` per blob). */
function sameCount(values, count, input) {
  if (values.length !== count) {
    throw new KzgError(
      "LENGTH_MISMATCH",
      `expected one ${input} per blob: ${count} blob(s), ${values.length} ${input}(s)`,
      { input }
    );
  }
}

/**
 * Cell (or commitment) indices: integers >= 0 (numbers or bigints); the
 * library checks their range.
 */
function indices(values, input = "cell index") {
  const items = array(values, input);
  const out = new Array(items.length);
  items.forEach((value, index) => {
    let v = value;
    if (typeof v === "bigint") v = v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : 2 ** 63;
    if (typeof v !== "number") {
      throw new KzgError("INVALID_TYPE", `${at(input, index)}: expected a number, got ${describe(value)}`, {
        input,
        index,
      });
    }
    if (!Number.isInteger(v) || v < 0) {
      throw new KzgError("CELL_INDEX_OUT_OF_RANGE", `${at(input, index)}: ${value} is not an integer >= 0`, {
        input,
        index,
      });
    }
    out[index] = v;
  });
  return out;
}

/** A `precompute` value: an integer in 0..MAX_PRECOMPUTE. */
function precompute(value) {
  if (!Number.isInteger(value) || value < 0 || value > native.MAX_PRECOMPUTE) {
    throw new KzgError(
      "INVALID_ARGUMENT",
      `precompute: expected an integer in 0..${native.MAX_PRECOMPUTE}, got ${String(value)}`
    );
  }
  return value;
}

module.exports = { bytes, list, nested, sameCount, indices, precompute, array };
