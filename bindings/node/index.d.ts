/**
 * fastkzg: KZG commitments for Ethereum (EIP-4844 blobs, EIP-7594 cells).
 *
 * Two APIs in one module: the c-kzg 4.1.x drop-in (`loadTrustedSetup`,
 * `blobToKzgCommitment`, ...) and the idiomatic `KzgSettings` class (with
 * the verify-only `KzgVerifier`).
 */

/** 32 bytes: a field element (z, y) or a challenge. */
export type Bytes32 = Uint8Array;
/** 48 bytes: a compressed G1 point. */
export type Bytes48 = Uint8Array;
/** A KZG proof (48 bytes). */
export type KZGProof = Uint8Array;
/** A KZG commitment (48 bytes). */
export type KZGCommitment = Uint8Array;
/** A blob: 4096 field elements of 32 bytes (131072 bytes). */
export type Blob = Uint8Array;
/** A cell: 64 field elements of 32 bytes (2048 bytes). */
export type Cell = Uint8Array;
/** A proof and the evaluation `y`. */
export type ProofResult = [KZGProof, Bytes32];

export const BYTES_PER_BLOB: number;
export const BYTES_PER_COMMITMENT: number;
export const BYTES_PER_FIELD_ELEMENT: number;
export const BYTES_PER_PROOF: number;
export const BYTES_PER_CELL: number;
export const FIELD_ELEMENTS_PER_BLOB: number;
export const FIELD_ELEMENTS_PER_CELL: number;
export const CELLS_PER_EXT_BLOB: number;
/** The largest `precompute` value (15). */
export const MAX_PRECOMPUTE: number;

// ---------------------------------------------------------------------------
// The c-kzg 4.1.x drop-in: same signatures, Buffers as results, c-kzg's
// errors (TypeError for a bad argument, Error with c-kzg's message otherwise).

/**
 * Loads the trusted setup once per process: the file at `filePath` (c-kzg's
 * .txt or .json format), or the embedded mainnet setup without a path.
 * `precompute` (0..15) trades memory for faster proofs. Throws if a setup
 * is already loaded.
 */
export function loadTrustedSetup(precompute: number, filePath?: string): void;
export function blobToKzgCommitment(blob: Blob): KZGCommitment;
export function computeKzgProof(blob: Blob, zBytes: Bytes32): ProofResult;
export function computeBlobKzgProof(blob: Blob, commitmentBytes: Bytes48): KZGProof;
export function verifyKzgProof(commitmentBytes: Bytes48, zBytes: Bytes32, yBytes: Bytes32, proofBytes: Bytes48): boolean;
export function verifyBlobKzgProof(blob: Blob, commitmentBytes: Bytes48, proofBytes: Bytes48): boolean;
export function verifyBlobKzgProofBatch(blobs: Blob[], commitmentsBytes: Bytes48[], proofsBytes: Bytes48[]): boolean;
export function computeCells(blob: Blob): Cell[];
export function computeCellsAndKzgProofs(blob: Blob): [Cell[], KZGProof[]];
export function recoverCellsAndKzgProofs(cellIndices: number[], cells: Cell[]): [Cell[], KZGProof[]];
export function verifyCellKzgProofBatch(
  commitmentsBytes: Bytes48[],
  cellIndices: number[],
  cells: Cell[],
  proofsBytes: Bytes48[]
): boolean;
/** c-kzg's (untyped) helper: the .txt path of a setup file (converting .json), or the default path. */
export function getTrustedSetupFilepath(filePath?: string): string;
/** The mainnet setup as a c-kzg text file in the package folder. */
export const DEFAULT_TRUSTED_SETUP_PATH: string;

// ---------------------------------------------------------------------------
// The idiomatic API.

/** What went wrong, in `KzgError.code`. */
export type KzgErrorCode =
  | "INVALID_TYPE"
  | "INVALID_LENGTH"
  | "NON_CANONICAL_FIELD_ELEMENT"
  | "INVALID_POINT"
  | "LENGTH_MISMATCH"
  | "CELL_INDEX_OUT_OF_RANGE"
  | "CELL_INDICES_NOT_ASCENDING"
  | "NOT_ENOUGH_CELLS"
  | "TOO_MANY_CELLS"
  | "INVALID_TRUSTED_SETUP"
  | "IO"
  | "INVALID_ARGUMENT"
  | "INTERNAL";

/** The inputs errors name. */
export type KzgInput = "blob" | "commitment" | "proof" | "z" | "y" | "cell" | "cell index" | "commitment index";

/** The error of the idiomatic API: what was wrong, and where. */
export class KzgError extends Error {
  readonly name: "KzgError";
  readonly code: KzgErrorCode;
  /** The rejected input, where one is to blame. */
  readonly input?: KzgInput;
  /** Its position in its list (0 for a single input). */
  readonly index?: number;
  /** The field element's index inside the blob or cell. */
  readonly element?: number;
  /** Why a point was rejected. */
  readonly reason?: "invalid_encoding" | "not_on_curve" | "not_in_subgroup";
  /**
   * In a batch call (`computeCellsBatch`, ...): the position of the blob
   * whose input is wrong; `index` is then the position inside that blob's
   * list (for a commitment, `index` is the blob's position).
   */
  readonly blob?: number;
}

/** Cell indices: numbers (or bigints), integers in 0..127. */
export type CellIndices = Iterable<number | bigint>;

/**
 * A loaded trusted setup. Every method has an `...Async` twin that runs
 * off the JavaScript thread and returns a Promise; errors are `KzgError`s
 * (rejections for the async twins). Results are Buffers (Uint8Arrays).
 */
export class KzgSettings {
  private constructor();
  /** The embedded mainnet setup; precompute 0 (the default) is one shared instance. */
  static mainnet(precompute?: number): KzgSettings;
  /** A setup file in c-kzg's text (.txt) or JSON (.json) format. */
  static load(filePath: string, precompute?: number): KzgSettings;
  /** A setup in c-kzg's text format. */
  static parse(text: string, precompute?: number): KzgSettings;
  /** The precompute value (0..15) the setup was loaded with. */
  readonly precompute: number;

  blobToKzgCommitment(blob: Blob): KZGCommitment;
  computeKzgProof(blob: Blob, z: Bytes32): ProofResult;
  computeBlobKzgProof(blob: Blob, commitment: Bytes48): KZGProof;
  verifyKzgProof(commitment: Bytes48, z: Bytes32, y: Bytes32, proof: Bytes48): boolean;
  verifyBlobKzgProof(blob: Blob, commitment: Bytes48, proof: Bytes48): boolean;
  verifyBlobKzgProofBatch(blobs: Iterable<Blob>, commitments: Iterable<Bytes48>, proofs: Iterable<Bytes48>): boolean;
  computeCells(blob: Blob): Cell[];
  computeCellsAndKzgProofs(blob: Blob): [Cell[], KZGProof[]];
  /** All 128 cells from any 64 or more (indices strictly ascending); no proofs (faster). */
  recoverCells(cellIndices: CellIndices, cells: Iterable<Cell>): Cell[];
  recoverCellsAndKzgProofs(cellIndices: CellIndices, cells: Iterable<Cell>): [Cell[], KZGProof[]];
  verifyCellKzgProofBatch(
    commitments: Iterable<Bytes48>,
    cellIndices: CellIndices,
    cells: Iterable<Cell>,
    proofs: Iterable<Bytes48>
  ): boolean;

  // Batch calls over many blobs: one call, the blobs computed side by side;
  // errors name the blob (`KzgError.blob`) and the position inside it.

  /** `computeCells` of each blob: one list of 128 cells per blob. */
  computeCellsBatch(blobs: Iterable<Blob>): Cell[][];
  /** `computeCellsAndKzgProofs` of each blob: one `[cells, proofs]` pair per blob. */
  computeCellsAndKzgProofsBatch(blobs: Iterable<Blob>): [Cell[], KZGProof[]][];
  /**
   * The cells (no proofs) of blobs that kept the same cells: `cells[b]` holds
   * blob `b`'s cells at `cellIndices` (one list for all blobs: 64 to 128
   * indices, strictly ascending). One list of 128 cells per blob.
   */
  recoverCellsBatch(cellIndices: CellIndices, cells: Iterable<Iterable<Cell>>): Cell[][];
  /**
   * Whether `proofs[b]` (128 proofs) are the cell proofs of `blobs[b]` against
   * `commitments[b]` for every blob: the verdict of `verifyCellKzgProofBatch`
   * over all cells of all blobs (the cells are never computed). No blobs: true.
   */
  verifyBlobCellProofs(
    blobs: Iterable<Blob>,
    commitments: Iterable<Bytes48>,
    proofs: Iterable<Iterable<Bytes48>>
  ): boolean;
  /**
   * The cells of many blobs at one shared list of indices: blob `b` has
   * commitment `commitments[b]`, cells `cells[b]` at `cellIndices` and proofs
   * `proofs[b]`; the verdict of `verifyCellKzgProofBatch` over the flattened
   * lists. No blobs: true.
   */
  verifyCellsSharedIndices(
    commitments: Iterable<Bytes48>,
    cellIndices: CellIndices,
    cells: Iterable<Iterable<Cell>>,
    proofs: Iterable<Iterable<Bytes48>>
  ): boolean;

  blobToKzgCommitmentAsync(blob: Blob): Promise<KZGCommitment>;
  computeKzgProofAsync(blob: Blob, z: Bytes32): Promise<ProofResult>;
  computeBlobKzgProofAsync(blob: Blob, commitment: Bytes48): Promise<KZGProof>;
  verifyKzgProofAsync(commitment: Bytes48, z: Bytes32, y: Bytes32, proof: Bytes48): Promise<boolean>;
  verifyBlobKzgProofAsync(blob: Blob, commitment: Bytes48, proof: Bytes48): Promise<boolean>;
  verifyBlobKzgProofBatchAsync(
    blobs: Iterable<Blob>,
    commitments: Iterable<Bytes48>,
    proofs: Iterable<Bytes48>
  ): Promise<boolean>;
  computeCellsAsync(blob: Blob): Promise<Cell[]>;
  computeCellsAndKzgProofsAsync(blob: Blob): Promise<[Cell[], KZGProof[]]>;
  recoverCellsAsync(cellIndices: CellIndices, cells: Iterable<Cell>): Promise<Cell[]>;
  recoverCellsAndKzgProofsAsync(cellIndices: CellIndices, cells: Iterable<Cell>): Promise<[Cell[], KZGProof[]]>;
  verifyCellKzgProofBatchAsync(
    commitments: Iterable<Bytes48>,
    cellIndices: CellIndices,
    cells: Iterable<Cell>,
    proofs: Iterable<Bytes48>
  ): Promise<boolean>;
  computeCellsBatchAsync(blobs: Iterable<Blob>): Promise<Cell[][]>;
  computeCellsAndKzgProofsBatchAsync(blobs: Iterable<Blob>): Promise<[Cell[], KZGProof[]][]>;
  recoverCellsBatchAsync(cellIndices: CellIndices, cells: Iterable<Iterable<Cell>>): Promise<Cell[][]>;
  verifyBlobCellProofsAsync(
    blobs: Iterable<Blob>,
    commitments: Iterable<Bytes48>,
    proofs: Iterable<Iterable<Bytes48>>
  ): Promise<boolean>;
  verifyCellsSharedIndicesAsync(
    commitments: Iterable<Bytes48>,
    cellIndices: CellIndices,
    cells: Iterable<Iterable<Cell>>,
    proofs: Iterable<Iterable<Bytes48>>
  ): Promise<boolean>;
}

/**
 * The verify-only context: the verifier's part of a trusted setup (the
 * mainnet one loads in about a millisecond and holds under 1 MiB), for
 * code that only checks proofs. Its methods are the verifications of
 * `KzgSettings`, under the same names and with the same results and
 * errors (the same code runs); it has no prover methods. Every method has
 * an `...Async` twin that returns a Promise.
 */
export class KzgVerifier {
  private constructor();
  /** The verifier of the embedded mainnet setup: one shared instance. */
  static mainnet(): KzgVerifier;
  /**
   * A setup file in c-kzg's text (.txt) or JSON (.json) format; the mainnet
   * setup loads from the embedded form, any other is validated in full.
   */
  static load(filePath: string): KzgVerifier;
  /** A setup in c-kzg's text format. */
  static parse(text: string): KzgVerifier;

  verifyKzgProof(commitment: Bytes48, z: Bytes32, y: Bytes32, proof: Bytes48): boolean;
  verifyBlobKzgProof(blob: Blob, commitment: Bytes48, proof: Bytes48): boolean;
  verifyBlobKzgProofBatch(blobs: Iterable<Blob>, commitments: Iterable<Bytes48>, proofs: Iterable<Bytes48>): boolean;
  verifyCellKzgProofBatch(
    commitments: Iterable<Bytes48>,
    cellIndices: CellIndices,
    cells: Iterable<Cell>,
    proofs: Iterable<Bytes48>
  ): boolean;
  /** As `KzgSettings.verifyBlobCellProofs`. */
  verifyBlobCellProofs(
    blobs: Iterable<Blob>,
    commitments: Iterable<Bytes48>,
    proofs: Iterable<Iterable<Bytes48>>
  ): boolean;
  /** As `KzgSettings.verifyCellsSharedIndices`. */
  verifyCellsSharedIndices(
    commitments: Iterable<Bytes48>,
    cellIndices: CellIndices,
    cells: Iterable<Iterable<Cell>>,
    proofs: Iterable<Iterable<Bytes48>>
  ): boolean;

  verifyKzgProofAsync(commitment: Bytes48, z: Bytes32, y: Bytes32, proof: Bytes48): Promise<boolean>;
  verifyBlobKzgProofAsync(blob: Blob, commitment: Bytes48, proof: Bytes48): Promise<boolean>;
  verifyBlobKzgProofBatchAsync(
    blobs: Iterable<Blob>,
    commitments: Iterable<Bytes48>,
    proofs: Iterable<Bytes48>
  ): Promise<boolean>;
  verifyCellKzgProofBatchAsync(
    commitments: Iterable<Bytes48>,
    cellIndices: CellIndices,
    cells: Iterable<Cell>,
    proofs: Iterable<Bytes48>
  ): Promise<boolean>;
  verifyBlobCellProofsAsync(
    blobs: Iterable<Blob>,
    commitments: Iterable<Bytes48>,
    proofs: Iterable<Iterable<Bytes48>>
  ): Promise<boolean>;
  verifyCellsSharedIndicesAsync(
    commitments: Iterable<Bytes48>,
    cellIndices: CellIndices,
    cells: Iterable<Iterable<Cell>>,
    proofs: Iterable<Iterable<Bytes48>>
  ): Promise<boolean>;
}

/** Spec `compute_challenge`: the Fiat–Shamir point of a blob and its commitment (lengths checked only). */
export function computeChallenge(blob: Blob, commitment: Bytes48): Bytes32;
export function computeChallengeAsync(blob: Blob, commitment: Bytes48): Promise<Bytes32>;
/** Spec `compute_verify_cell_kzg_proof_batch_challenge` (lengths checked only). */
export function computeVerifyCellKzgProofBatchChallenge(
  commitments: Iterable<Bytes48>,
  commitmentIndices: CellIndices,
  cellIndices: CellIndices,
  cells: Iterable<Cell>,
  proofs: Iterable<Bytes48>
): Bytes32;
export function computeVerifyCellKzgProofBatchChallengeAsync(
  commitments: Iterable<Bytes48>,
  commitmentIndices: CellIndices,
  cellIndices: CellIndices,
  cells: Iterable<Cell>,
  proofs: Iterable<Bytes48>
): Promise<Bytes32>;

/** Sets the number of threads (0 or 1: serial); overrides FASTKZG_NUM_THREADS. */
export function setNumThreads(n: number): void;
/** The number of threads computations use (1: serial). */
export function getNumThreads(): number;
/** Whether the AVX-512 IFMA kernels run (CPU support, not turned off). */
export function ifmaActive(): boolean;
/** Turns the AVX-512 IFMA kernels on or off for the process (same results either way). */
export function setIfma(on: boolean): void;
