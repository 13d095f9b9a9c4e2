package io.fastkzg.tests;

import java.util.HexFormat;
import java.util.List;

/** Hex strings of the reference tests ({@code 0x...}) and of outcomes. */
final class Hex {
  private Hex() {}

  /** Decodes {@code 0x...}; throws IllegalArgumentException for text that is not hex. */
  static byte[] decode(String s) {
    String h = s.startsWith("0x") ? s.substring(2) : s;
    return HexFormat.of().parseHex(h);
  }

  static String encode(byte[] b) {
    return "0x" + HexFormat.of().formatHex(b);
  }

  static byte[] concat(List<byte[]> parts) {
    int n = parts.stream().mapToInt(p -> p.length).sum();
    byte[] out = new byte[n];
    int at = 0;
    for (byte[] p : parts) {
      System.arraycopy(p, 0, out, at, p.length);
      at += p.length;
    }
    return out;
  }
}
