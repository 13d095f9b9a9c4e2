"use strict";
/**
 * Loads the native addon: `fastkzg.<platform>-<arch>[-gnu].node` in the
 * package folder (the build copies it there), or the file named by
 * FASTKZG_NODE_ADDON. Only linux-x64 (glibc) is prebuilt.
 */
const path = require("path");
const fs = require("fs");

function addonPath() {
  if (process.env.FASTKZG_NODE_ADDON) return process.env.FASTKZG_NODE_ADDON;
  const abi = process.platform === "linux" ? "-gnu" : "";
  return path.join(__dirname, "..", `fastkzg.${process.platform}-${process.arch}${abi}.node`);
}

const file = addonPath();
if (!fs.existsSync(file)) {
  throw new Error(
    `fastkzg: native addon not found at ${file} ` +
      `(prebuilt for linux-x64 glibc only; build it with bindings/node/build.sh)`
  );
}

module.exports = require(file);
/** Where the addon was loaded from (c-kzg's module has the same `path`). */
module.exports.path = file;
