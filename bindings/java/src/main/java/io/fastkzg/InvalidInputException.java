package io.fastkzg;

import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * An input the library rejects, with the input's name, its position in its list and the reason.
 * For example a non-canonical field element in the third blob of a batch: {@code input() ==
 * "blob"}, {@code index() == 2}, {@code element()} its index in the blob, {@code reason() ==
 * NON_CANONICAL}.
 *
 * <p>In the batch calls over many blobs ({@code computeCellsBatch}, {@code verifyBlobCellProofs},
 * ...), an error in one blob's inputs also has {@link #blob()}, the blob's position in the batch;
 * {@link #index()} is then the position inside that blob's list (a cell's, a proof's), and the
 * message starts with {@code blob <blob>: }.
 */
public class InvalidInputException extends KzgException {

  /** Why an input was rejected. */
  public enum Reason {
    /** Wrong number of bytes ({@link #expected()}, {@link #got()}). */
    LENGTH,
    /** A field element {@code >= BLS_MODULUS}. */
    NON_CANONICAL,
    /** A point whose encoding is malformed. */
    INVALID_ENCODING,
    /** A point not on the curve. */
    NOT_ON_CURVE,
    /** A point not in the prime-order subgroup. */
    NOT_IN_SUBGROUP,
    /** A cell index {@code >= 128} ({@link #got()}: the index). */
    OUT_OF_RANGE,
    /** Cell indices for recovery not strictly ascending ({@link #got()}: the index). */
    NOT_ASCENDING,
    /** Lists of one call with different lengths ({@link #input()} names them). */
    MISMATCHED_LENGTHS,
    /** Fewer than 64 cells for recovery. */
    TOO_FEW,
    /** More than 128 cells. */
    TOO_MANY
  }

  private final String input;
  private final long blob;
  private final long index;
  private final long element;
  private final Reason reason;
  private final long expected;
  private final long got;

  /**
   * Created by the native library.
   *
   * @param message the message
   * @param input the input's name
   * @param index its position in its list (0 for a single input), -1 if none
   * @param element the field element's index in a blob or cell, -1 if none
   * @param reason the name of a {@link Reason}
   * @param expected the expected length or bound, -1 if none
   * @param got the length or value received, -1 if none
   */
  public InvalidInputException(
      String message, String input, long index, long element, String reason, long expected, long got) {
    this(message, input, -1, index, element, reason, expected, got);
  }

  /**
   * Created by the native library.
   *
   * @param message the message
   * @param input the input's name
   * @param blob in a batch call, the position of the blob whose input it is, -1 if none
   * @param index its position in its list (in a batch call, in its blob's list), -1 if none
   * @param element the field element's index in a blob or cell, -1 if none
   * @param reason the name of a {@link Reason}
   * @param expected the expected length or bound, -1 if none
   * @param got the length or value received, -1 if none
   */
  public InvalidInputException(
      String message,
      String input,
      long blob,
      long index,
      long element,
      String reason,
      long expected,
      long got) {
    super(message);
    this.input = input;
    this.blob = blob;
    this.index = index;
    this.element = element;
    this.reason = Reason.valueOf(reason);
    this.expected = expected;
    this.got = got;
  }

  /** @return the input's name ({@code blob}, {@code commitment}, {@code proof}, {@code z}, {@code y}, {@code cell}, {@code cellIndex}, ...) */
  public String input() {
    return input;
  }

  /** @return in a batch call, the position of the blob whose input was rejected, if any */
  public OptionalInt blob() {
    return blob < 0 ? OptionalInt.empty() : OptionalInt.of((int) blob);
  }

  /**
   * @return the input's position in its list (0 for a single input; in a batch call, the position
   *     inside its blob's list), if any
   */
  public OptionalInt index() {
    return index < 0 ? OptionalInt.empty() : OptionalInt.of((int) index);
  }

  /** @return the field element's index within the blob or cell, if any */
  public OptionalInt element() {
    return element < 0 ? OptionalInt.empty() : OptionalInt.of((int) element);
  }

  /** @return why the input was rejected */
  public Reason reason() {
    return reason;
  }

  /** @return the expected length or bound, if any */
  public OptionalLong expected() {
    return expected < 0 ? OptionalLong.empty() : OptionalLong.of(expected);
  }

  /** @return the length or value received, if any (a cell index as unsigned) */
  public OptionalLong got() {
    return got == -1 ? OptionalLong.empty() : OptionalLong.of(got);
  }
}
