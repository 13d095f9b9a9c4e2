package io.fastkzg.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ethereum.ckzg4844.CKZG4844JNI;
import io.fastkzg.Kzg;
import io.fastkzg.KzgSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** Many Java threads at once, through both APIs: results equal to serial ones. */
class ConcurrencyTest {
  private static final int THREADS = 12;
  private static final int BLOBS = 6;

  private static <T> List<T> all(List<Callable<T>> tasks) throws Exception {
    ExecutorService ex = Executors.newFixedThreadPool(THREADS);
    try {
      List<T> out = new ArrayList<>();
      for (Future<T> f : ex.invokeAll(tasks)) {
        out.add(f.get());
      }
      return out;
    } finally {
      ex.shutdown();
    }
  }

  @Test
  void parallelEqualsSerial() throws Exception {
    Ckzg.FASTKZG.ensureLoaded();
    byte[][] blobs = new byte[BLOBS][];
    byte[][] serial = new byte[BLOBS][];
    byte[][] serialCells = new byte[BLOBS][];
    int before = Kzg.threads();
    Kzg.setThreads(1);
    try (KzgSettings kzg = KzgSettings.mainnet()) {
      for (int i = 0; i < BLOBS; i++) {
        blobs[i] = Inputs.blob(100 + i);
        byte[] c = kzg.blobToKzgCommitment(blobs[i]);
        serial[i] = Hex.concat(List.of(c, kzg.computeBlobKzgProof(blobs[i], c)));
      }
      serialCells[0] = Hex.concat(kzg.computeCellsAndKzgProofs(blobs[0]).proofs());
    } finally {
      Kzg.setThreads(before);
    }
    for (int threads : new int[] {1, 0}) {
      if (threads == 1) {
        Kzg.setThreads(1); // every call serial on its own Java thread
      } else {
        Kzg.setThreads(before); // all Java threads share the pool
      }
      try (KzgSettings kzg = KzgSettings.mainnet()) {
        List<Callable<byte[]>> tasks = new ArrayList<>();
        for (int r = 0; r < 4; r++) {
          for (int i = 0; i < BLOBS; i++) {
            int k = i;
            boolean dropIn = (r + i) % 2 == 0;
            tasks.add(() -> {
              byte[] c = dropIn ? CKZG4844JNI.blobToKzgCommitment(blobs[k]) : kzg.blobToKzgCommitment(blobs[k]);
              byte[] p = dropIn ? CKZG4844JNI.computeBlobKzgProof(blobs[k], c) : kzg.computeBlobKzgProof(blobs[k], c);
              boolean ok = dropIn ? CKZG4844JNI.verifyBlobKzgProof(blobs[k], c, p) : kzg.verifyBlobKzgProof(blobs[k], c, p);
              assertTrue(ok);
              return Hex.concat(List.of(c, p));
            });
          }
        }
        tasks.add(() -> CKZG4844JNI.computeCellsAndKzgProofs(blobs[0]).getProofs());
        tasks.add(() -> Hex.concat(kzg.computeCellsAndKzgProofs(blobs[0]).proofs()));
        List<byte[]> results = all(tasks);
        for (int t = 0; t < tasks.size() - 2; t++) {
          assertArrayEquals(serial[t % BLOBS], results.get(t), "task " + t);
        }
        assertArrayEquals(serialCells[0], results.get(tasks.size() - 2));
        assertArrayEquals(serialCells[0], results.get(tasks.size() - 1));
      } finally {
        Kzg.setThreads(before);
      }
    }
  }

  /** Closing settings while other threads call them: calls either finish or see "closed". */
  @Test
  void closeWhileCalling() throws Exception {
    byte[] blob = Inputs.blob(7);
    byte[] expected;
    try (KzgSettings k = KzgSettings.mainnet()) {
      expected = k.blobToKzgCommitment(blob);
    }
    for (int round = 0; round < 3; round++) {
      KzgSettings kzg = KzgSettings.mainnet(0);
      AtomicBoolean stop = new AtomicBoolean();
      List<Callable<Integer>> tasks = new ArrayList<>();
      for (int t = 0; t < 6; t++) {
        tasks.add(() -> {
          int done = 0;
          while (!stop.get()) {
            try {
              assertArrayEquals(expected, kzg.blobToKzgCommitment(blob));
              done++;
            } catch (IllegalStateException closed) {
              return done;
            }
          }
          return done;
        });
      }
      tasks.add(() -> {
        Thread.sleep(50);
        kzg.close();
        Thread.sleep(20);
        stop.set(true);
        return 0;
      });
      List<Integer> counts = all(tasks);
      assertEquals(tasks.size(), counts.size());
    }
  }

  /** The drop-in's global setup freed and reloaded while other threads call it. */
  @Test
  void freeAndLoadWhileCalling() throws Exception {
    Ckzg.FASTKZG.ensureLoaded();
    byte[] blob = Inputs.blob(8);
    byte[] expected = CKZG4844JNI.blobToKzgCommitment(blob);
    String setup = Ckzg.trustedSetup().toString();
    AtomicBoolean stop = new AtomicBoolean();
    List<Callable<Integer>> tasks = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      tasks.add(() -> {
        int done = 0;
        while (!stop.get()) {
          try {
            assertArrayEquals(expected, CKZG4844JNI.blobToKzgCommitment(blob));
            done++;
          } catch (RuntimeException e) {
            assertEquals("Trusted Setup is not loaded.", e.getMessage());
          }
        }
        return done;
      });
    }
    tasks.add(() -> {
      for (int i = 0; i < 20; i++) {
        Ckzg.FASTKZG.ensureFreed();
        Thread.sleep(2);
        Ckzg.FASTKZG.ensureLoaded();
        Thread.sleep(5);
      }
      stop.set(true);
      return 0;
    });
    all(tasks);
    Ckzg.FASTKZG.ensureLoaded();
    assertArrayEquals(expected, CKZG4844JNI.blobToKzgCommitment(blob));
  }
}
