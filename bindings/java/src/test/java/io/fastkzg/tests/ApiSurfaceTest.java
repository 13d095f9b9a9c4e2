package io.fastkzg.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The drop-in classes have exactly jc-kzg-4844 2.1.8's public and protected members: methods
 * (with modifiers, including {@code native}), constructors, fields and constant values.
 */
class ApiSurfaceTest {
  private static final String[] CLASSES = {
    "ethereum.ckzg4844.CKZG4844JNI",
    "ethereum.ckzg4844.CKZGException",
    "ethereum.ckzg4844.CKZGException$CKZGError",
    "ethereum.ckzg4844.CellsAndProofs",
    "ethereum.ckzg4844.ProofAndY",
  };

  private static boolean visible(Member m) {
    return (m.getModifiers() & (Modifier.PUBLIC | Modifier.PROTECTED)) != 0;
  }

  private static TreeSet<String> surface(Class<?> c) throws Exception {
    TreeSet<String> out = new TreeSet<>();
    out.add("class " + Modifier.toString(c.getModifiers()) + " " + c.getName()
        + " extends " + c.getSuperclass().getName());
    for (Method m : c.getDeclaredMethods()) {
      if (visible(m)) {
        out.add(Modifier.toString(m.getModifiers()) + " " + m.toGenericString().replaceAll(".*? (?=\\S+\\()", ""));
        out.add("returns " + m.getName() + ":" + m.getGenericReturnType());
      }
    }
    for (Constructor<?> k : c.getDeclaredConstructors()) {
      if (visible(k)) {
        out.add(k.toGenericString());
      }
    }
    for (Field f : c.getDeclaredFields()) {
      if (visible(f)) {
        f.setAccessible(true);
        Object v = Modifier.isStatic(f.getModifiers()) && !f.getType().isEnum() ? f.get(null) : "";
        out.add(f.toGenericString() + " = " + v);
      }
    }
    return out;
  }

  @Test
  void sameMembersAsJcKzg() throws Exception {
    ClassLoader ref = Ckzg.JCKZG.cls.getClassLoader();
    List<String> diffs = new ArrayList<>();
    for (String name : CLASSES) {
      TreeSet<String> theirs = surface(Class.forName(name, false, ref));
      TreeSet<String> ours = surface(Class.forName(name));
      for (String s : theirs) {
        if (!ours.contains(s)) {
          diffs.add("missing: " + s);
        }
      }
      for (String s : ours) {
        if (!theirs.contains(s)) {
          diffs.add("extra: " + s);
        }
      }
    }
    assertEquals(List.of(), diffs);
  }
}
