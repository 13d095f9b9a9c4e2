"use strict";
/**
 * Trusted-setup files as c-kzg reads them: its text format (.txt), or its
 * JSON format (.json: `g1_lagrange`, `g2_monomial`, `g1_monomial` as 0x
 * hex strings), which c-kzg converts into a .txt file beside it.
 */
const fs = require("fs");
const path = require("path");
const native = require("./native");

/**
 * Where c-kzg's `getTrustedSetupFilepath()` points without an argument:
 * the mainnet setup as a file in the package folder (the build writes it
 * from the embedded setup; written here on first use if missing).
 */
const DEFAULT_TRUSTED_SETUP_PATH = path.resolve(__dirname, "..", "trusted_setup.txt");

/** Writes the default setup file if it is missing (and the folder is writable). */
function ensureDefaultFile() {
  if (fs.existsSync(DEFAULT_TRUSTED_SETUP_PATH)) return true;
  try {
    fs.writeFileSync(DEFAULT_TRUSTED_SETUP_PATH, native.mainnetTrustedSetupText());
    return true;
  } catch {
    return false;
  }
}

/** c-kzg's JSON setup as its text format. */
function jsonToText(json) {
  const setup = JSON.parse(json);
  const { g1_lagrange: lagrange, g2_monomial: g2, g1_monomial: monomial } = setup;
  if (lagrange.length !== monomial.length) {
    throw new TypeError("g1_lagrange & g1_monomial must have the same number of values");
  }
  const hex = (points) => points.map((p) => p.slice(2)).join("\n");
  return [String(lagrange.length), String(g2.length), hex(lagrange), hex(g2), hex(monomial)].join("\n");
}

/**
 * c-kzg's `getTrustedSetupFilepath(filePath?)`: checks the path (a
 * TypeError for a non-string, an Error for a missing file), defaults to
 * DEFAULT_TRUSTED_SETUP_PATH, and for a .json file writes the .txt
 * version beside it and returns that path.
 */
function getTrustedSetupFilepath(filePath) {
  if (filePath) {
    if (typeof filePath !== "string") {
      throw new TypeError("Must initialize kzg with the filePath to a txt/json trusted setup");
    }
    if (!fs.existsSync(filePath)) {
      throw new Error(`No trusted setup found: ${filePath}`);
    }
  } else {
    filePath = DEFAULT_TRUSTED_SETUP_PATH;
    if (!ensureDefaultFile()) {
      throw new Error("Default trusted setup not found. Must pass a valid filepath to load c-kzg library");
    }
  }
  if (path.parse(filePath).ext === ".json") {
    const txtPath = filePath.replace(".json", ".txt");
    fs.writeFileSync(txtPath, jsonToText(fs.readFileSync(filePath, "utf8")));
    filePath = txtPath;
  }
  return filePath;
}

/** The text of a setup file, .txt or .json (read only, nothing written). */
function setupText(filePath) {
  const text = fs.readFileSync(filePath, "utf8");
  return path.parse(filePath).ext === ".json" ? jsonToText(text) : text;
}

module.exports = { DEFAULT_TRUSTED_SETUP_PATH, getTrustedSetupFilepath, setupText, ensureDefaultFile };
