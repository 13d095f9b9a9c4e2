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

/** `value`, checked to be a Uint8Array (a Buffer is one) of the size of `input`. */
function bytes(value, input, index = 0) {
  if (!isUint8Array(value)) {
    throw new KzgError("INVALID_TYPE", `${at(input, index)}: expected a Uint8Array, got ${describe(value)}`, {
      input,
      index,
    });
  }
  const expected = SIZES[input];
  if (value.length !== expected) {
    throw new KzgError("INVALID_LENGTH", `${at(input, index)}: expected ${expected} bytes, got ${value.length}`, {
      input,
      index,
    });
  }
  return value;
}

/** `values` as an array: any iterable but a string or a typed array. */
function array(values, input) {
  if (
    values === null ||
    values === undefined ||
    typeof values === "string" ||
    ArrayBuffer.isView(values) ||
    typeof values[Symbol.iterator] !== "function"
  ) {
    throw new KzgError("INVALID_TYPE", `${input} list: expected an array, got ${describe(values)}`, { input });
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

module.exports = { bytes, list, indices, precompute, array };
