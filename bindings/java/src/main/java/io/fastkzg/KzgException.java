package io.fastkzg;

/** Base class of the exceptions of the idiomatic API: the library rejected a call. */
public class KzgException extends RuntimeException {
  /** @param message what was wrong */
  public KzgException(String message) {
    super(message);
  }
}
