package ethereum.ckzg4844;

import java.util.Arrays;

/**
 * A call rejected by the library, with the c-kzg return code it corresponds to: {@link
 * CKZGError#C_KZG_BADARGS} for invalid inputs, {@link CKZGError#C_KZG_ERROR} for an internal
 * error. Same class, constructor, accessors and message format as jc-kzg-4844.
 */
public class CKZGException extends RuntimeException {

  private final CKZGError error;
  private final String errorMessage;

  /**
   * An exception for c-kzg return code {@code errorCode}.
   *
   * @param errorCode the c-kzg return code
   * @param errorMessage what failed; the exception's message is {@code "<errorMessage>
   *     (<error>)"}
   */
  public CKZGException(int errorCode, String errorMessage) {
    super(errorMessage + " (" + CKZGError.fromErrorCode(errorCode) + ")");
    this.error = CKZGError.fromErrorCode(errorCode);
    this.errorMessage = errorMessage;
  }

  /** @return the c-kzg error */
  public CKZGError getError() {
    return error;
  }

  /** @return what failed, without the error name */
  public String getErrorMessage() {
    return errorMessage;
  }

  /** The c-kzg return codes (other than {@code C_KZG_OK}). */
  public enum CKZGError {
    /** A code not listed here. */
    UNKNOWN(0),
    /** The inputs are invalid. */
    C_KZG_BADARGS(1),
    /** An internal error. */
    C_KZG_ERROR(2),
    /** A memory allocation failed. */
    C_KZG_MALLOC(3);

    /** The numeric c-kzg code. */
    public final int errorCode;

    CKZGError(int errorCode) {
      this.errorCode = errorCode;
    }

    /**
     * @param errorCode a c-kzg return code
     * @return its constant, or {@link #UNKNOWN}
     */
    public static CKZGError fromErrorCode(int errorCode) {
      return Arrays.stream(values()).filter(e -> e.errorCode == errorCode).findFirst().orElse(UNKNOWN);
    }
  }
}
