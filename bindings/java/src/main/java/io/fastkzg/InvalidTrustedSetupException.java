package io.fastkzg;

/** A trusted setup that is malformed or inconsistent. */
public class InvalidTrustedSetupException extends KzgException {
  /** @param message what was wrong */
  public InvalidTrustedSetupException(String message) {
    super(message);
  }
}
