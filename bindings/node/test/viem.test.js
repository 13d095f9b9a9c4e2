"use strict";
/**
 * A real client: viem 2.x builds blob sidecars (toBlobSidecars,
 * blobsToCommitments, blobsToProofs) with c-kzg, with the fastkzg drop-in
 * (through viem's setupKzg and its mainnet JSON setup) and with the
 * idiomatic API; all must agree, and the proofs must verify.
 */
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const os = require("os");
const path = require("path");
const viem = require("viem");
const viemNode = require("viem/node");
const ckzg = require("c-kzg");
const fastkzg = require("..");

/**
 * viem's mainnet JSON setup (`mainnetTrustedSetupPath` of viem/node; its
 * CommonJS build points one folder too deep, so fall back to the package
 * folder).
 */
const mainnetTrustedSetupPath = fs.existsSync(viemNode.mainnetTrustedSetupPath)
  ? viemNode.mainnetTrustedSetupPath
  : path.join(path.dirname(require.resolve("viem/package.json")), "trusted-setups", "mainnet.json");

/** A scratch folder for the copy below, removed after the test. */
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "fastkzg-viem-"));
test.after(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** viem's JSON setup, copied (loading a JSON setup writes a .txt beside it, as c-kzg does). */
function jsonSetupCopy() {
  const file = path.join(scratch, "mainnet.json");
  fs.copyFileSync(mainnetTrustedSetupPath, file);
  return file;
}

/** A few hundred kilobytes of data: three blobs' worth. */
const data = viem.toHex(Uint8Array.from({ length: 300_000 }, (_, i) => (i * 31 + (i >> 8)) & 0xff));

test("viem blob sidecars: fastkzg equals c-kzg", () => {
  ckzg.loadTrustedSetup(0);
  const reference = viem.defineKzg(ckzg);
  // The drop-in through setupKzg, as viem documents it for c-kzg.
  const dropIn = viem.setupKzg({ ...fastkzg, loadTrustedSetup: (p) => fastkzg.loadTrustedSetup(0, p) }, jsonSetupCopy());
  // The idiomatic API as viem's kzg object.
  const settings = fastkzg.KzgSettings.load(mainnetTrustedSetupPath);
  const idiomatic = viem.defineKzg({
    blobToKzgCommitment: (blob) => settings.blobToKzgCommitment(blob),
    computeBlobKzgProof: (blob, commitment) => settings.computeBlobKzgProof(blob, commitment),
  });

  const expected = viem.toBlobSidecars({ data, kzg: reference });
  assert.equal(expected.length, 3);
  for (const kzg of [dropIn, idiomatic]) {
    assert.deepEqual(viem.toBlobSidecars({ data, kzg }), expected);
    const blobs = viem.toBlobs({ data, to: "bytes" });
    const commitments = viem.blobsToCommitments({ blobs, kzg, to: "bytes" });
    const proofs = viem.blobsToProofs({ blobs, commitments, kzg, to: "bytes" });
    assert.deepEqual(commitments, viem.blobsToCommitments({ blobs, kzg: reference, to: "bytes" }));
    assert.deepEqual(proofs, viem.blobsToProofs({ blobs, commitments, kzg: reference, to: "bytes" }));
    assert.equal(ckzg.verifyBlobKzgProofBatch(blobs, commitments, proofs), true);
    assert.equal(settings.verifyBlobKzgProofBatch(blobs, commitments, proofs), true);
  }
  const hashes = viem.sidecarsToVersionedHashes({ sidecars: expected });
  assert.equal(hashes.length, 3);
  console.log(`viem ${require("viem/package.json").version}: ${expected.length} blob sidecars identical with c-kzg, the drop-in and the idiomatic API`);
});
