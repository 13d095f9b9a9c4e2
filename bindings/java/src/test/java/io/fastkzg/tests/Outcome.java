package io.fastkzg.tests;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * What a call did, as comparable text: its result (hex, {@code true}/{@code false}, or the
 * fields of a result object) or its exception (class, c-kzg error code, message). Results of
 * jc-kzg (another class loader) and of this package normalise to the same text.
 */
record Outcome(String value, Throwable error) {

  static Outcome of(Callable<?> call) {
    try {
      return new Outcome(normalize(call.call()), null);
    } catch (InvocationTargetException e) {
      return new Outcome(null, e.getCause());
    } catch (Throwable t) {
      return new Outcome(null, t);
    }
  }

  boolean failed() {
    return error != null;
  }

  /** The exception's class (simple name), c-kzg error code (if any) and message. */
  String errorText() {
    if (error == null) {
      return null;
    }
    String code = "";
    try {
      Method m = error.getClass().getMethod("getError");
      code = "/" + m.invoke(error);
    } catch (ReflectiveOperationException ignored) {
      // not a CKZGException
    }
    return error.getClass().getSimpleName() + code + ": " + error.getMessage();
  }

  /** Text that equals for equal behaviour. */
  String text() {
    return failed() ? "error " + errorText() : value;
  }

  @Override
  public String toString() {
    String t = text();
    return t.length() > 200 ? t.substring(0, 200) + "..." : t;
  }

  static String normalize(Object o) throws ReflectiveOperationException {
    if (o == null) {
      return "null";
    }
    if (o instanceof byte[] b) {
      return Hex.encode(b);
    }
    if (o instanceof Boolean) {
      return o.toString();
    }
    if (o instanceof List<?> list) {
      StringBuilder sb = new StringBuilder("[");
      for (Object x : list) {
        sb.append(normalize(x)).append(',');
      }
      return sb.append(']').toString();
    }
    if (o instanceof io.fastkzg.ProofAndY p) {
      return proofAndY(p.proof(), p.y());
    }
    if (o instanceof io.fastkzg.CellsAndProofs c) {
      return cellsAndProofs(Hex.concat(c.cells()), Hex.concat(c.proofs()));
    }
    Class<?> k = o.getClass();
    if (k.getSimpleName().equals("ProofAndY")) {
      return proofAndY((byte[]) k.getMethod("getProof").invoke(o), (byte[]) k.getMethod("getY").invoke(o));
    }
    if (k.getSimpleName().equals("CellsAndProofs")) {
      return cellsAndProofs(
          (byte[]) k.getMethod("getCells").invoke(o), (byte[]) k.getMethod("getProofs").invoke(o));
    }
    return o.getClass().getName() + ":" + o;
  }

  static String proofAndY(byte[] proof, byte[] y) {
    return "proof=" + Hex.encode(proof) + ",y=" + Hex.encode(y);
  }

  static String cellsAndProofs(byte[] cells, byte[] proofs) {
    return "cells=" + Hex.encode(cells) + ",proofs=" + Hex.encode(proofs);
  }
}
