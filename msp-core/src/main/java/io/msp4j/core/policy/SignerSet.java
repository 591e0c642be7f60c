package io.msp4j.core.policy;

import io.msp4j.core.CachingMsp;
import io.msp4j.core.Identity;
import io.msp4j.core.internal.Spread;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The signers that count, from a list of signed data (POLICY-SIG-02): each element's identity is
 * deserialised (failure drops it); its key, the MSP ID immediately followed by the identity's id,
 * drops it as a duplicate when an earlier element with that key was kept (checked before
 * verifying); its signature is verified (failure drops it without recording the key, so a later
 * good signature of the same signer still counts); otherwise it is kept.
 *
 * <p>With an executor, each element is one task: its identity is deserialised and, when it is the
 * first element carrying those identity bytes, its signature verified right away, so an evaluation
 * hands work to the executor once instead of once per step. Elements with the same key are then
 * settled in input order as the sequential order settles them: for each key, the elements before
 * the first good signature are verified (in further concurrent rounds, for those not verified
 * yet) and the rest are duplicates. The outcome is assembled in input order afterwards, so it is
 * the sequential outcome. Every signature the sequential order verifies is verified once; the
 * only others verified are first copies of identity bytes whose key an earlier, differently
 * encoded element already kept (their result is then ignored, as sequential order never asks).
 */
final class SignerSet {
  enum Fate {
    KEPT,
    UNDESERIALIZABLE,
    DUPLICATE,
    SIGNATURE_INVALID
  }

  /** What became of one signed-data element. */
  record Outcome(Fate fate, Identity identity, RuntimeException failure, int keptIndex, int duplicateOf) {}

  final List<Identity> kept;
  /** Per kept identity, its index in the signed data. */
  final int[] keptSource;
  final Outcome[] outcomes;

  private SignerSet(List<Identity> kept, int[] keptSource, Outcome[] outcomes) {
    this.kept = kept;
    this.keptSource = keptSource;
    this.outcomes = outcomes;
  }

  /** Nothing for the calling thread to do before it takes signatures of its own. */
  private static final Runnable NOTHING_FIRST = () -> { };

  static SignerSet of(List<SignedData> signedData, IdentityDeserializer deserializer, EvaluationOptions options) {
    SignedData[] sd = signedData.toArray(new SignedData[0]);
    if (options.executor().isEmpty() || options.parallelism() <= 1 || sd.length < 2) {
      return sequential(sd, deserializer);
    }
    return concurrent(sd, deserializer, new Spread(options.executor().get(), options.parallelism()));
  }

  private static SignerSet concurrent(
      SignedData[] sd, IdentityDeserializer deserializer, Spread parallel) {
    int m = sd.length;
    // Copies of the same identity bytes deserialise to the same key: only the first copy is
    // verified eagerly, so repeating a signer costs what it costs in sequential order.
    boolean[] eager = new boolean[m];
    Set<ByteBuffer> seen = new HashSet<>();
    for (int i = 0; i < m; i++) {
      eager[i] = seen.add(ByteBuffer.wrap(sd[i].identityRef())); // read only, never handed out
    }
    Identity[] identities = new Identity[m];
    String[] keys = new String[m];
    RuntimeException[] deserializationFailures = new RuntimeException[m];
    RuntimeException[] verifyFailures = new RuntimeException[m];
    boolean[] tried = new boolean[m];
    boolean[] verified = new boolean[m];
    parallel.run(m, NOTHING_FIRST, i -> {
      Identity id;
      try {
        id = deserializer.deserialize(sd[i].identity());
        keys[i] = key(id);
        identities[i] = id;
      } catch (RuntimeException e) {
        deserializationFailures[i] = e;
        return;
      }
      if (eager[i]) {
        verify(sd[i], id, i, tried, verified, verifyFailures);
        if (verified[i]) {
          validateAhead(id);
        }
      }
    });
    // Per key, the elements in input order. A key is settled at its first good signature; until
    // then each round verifies its next element not verified yet, which is what sequential order
    // verifies next.
    Map<String, List<Integer>> byKey = new LinkedHashMap<>();
    for (int i = 0; i < m; i++) {
      if (identities[i] != null) {
        byKey.computeIfAbsent(keys[i], k -> new ArrayList<>(1)).add(i);
      }
    }
    List<Integer> batch = new ArrayList<>();
    while (true) {
      batch.clear();
      for (List<Integer> list : byKey.values()) {
        for (int i : list) {
          if (!tried[i]) {
            batch.add(i);
            break;
          }
          if (verified[i]) {
            break;
          }
        }
      }
      if (batch.isEmpty()) {
        break;
      }
      int[] round = batch.stream().mapToInt(Integer::intValue).toArray();
      parallel.run(round.length, NOTHING_FIRST, j -> {
        int i = round[j];
        verify(sd[i], identities[i], i, tried, verified, verifyFailures);
      });
    }
    Assembly a = new Assembly(m);
    for (int i = 0; i < m; i++) {
      if (identities[i] == null) {
        a.undeserializable(i, deserializationFailures[i]);
      } else if (a.isKept(keys[i])) {
        a.duplicate(i, identities[i], keys[i]);
      } else if (!tried[i]) {
        throw new IllegalStateException("signature " + i + " was not verified"); // cannot happen
      } else if (!verified[i]) {
        a.invalid(i, identities[i], verifyFailures[i]);
      } else {
        a.keep(i, identities[i], keys[i]);
      }
    }
    return a.build();
  }

  private static void verify(
      SignedData d, Identity id, int i, boolean[] tried, boolean[] verified, RuntimeException[] failures) {
    try {
      id.verify(d.data(), d.signature());
      verified[i] = true;
    } catch (RuntimeException e) {
      failures[i] = e;
    }
    tried[i] = true;
  }

  /**
   * Validates a verified signer on the task's thread when its MSP remembers the outcome, so that
   * the principal checks the evaluation makes next on the calling thread (each validates the
   * identity first) find it in the cache instead of validating the new identities one after the
   * other. The outcome is not used here: a refused identity is refused again, from the cache, by
   * the principal check, exactly as in sequential order.
   */
  private static void validateAhead(Identity id) {
    if (CachingMsp.remembersValidation(id)) {
      try {
        id.validate();
      } catch (RuntimeException e) {
        // remembered by the cache; the principal check reports it
      }
    }
  }

  private static SignerSet sequential(SignedData[] sd, IdentityDeserializer deserializer) {
    Assembly a = new Assembly(sd.length);
    for (int i = 0; i < sd.length; i++) {
      Identity id;
      String key;
      try {
        id = deserializer.deserialize(sd[i].identity());
        key = key(id);
      } catch (RuntimeException e) {
        a.undeserializable(i, e);
        continue;
      }
      if (a.isKept(key)) {
        a.duplicate(i, id, key);
        continue;
      }
      try {
        id.verify(sd[i].data(), sd[i].signature());
      } catch (RuntimeException e) {
        a.invalid(i, id, e);
        continue;
      }
      a.keep(i, id, key);
    }
    return a.build();
  }

  /** Fabric's de-duplication key: MSP ID and id with no separator between them. */
  private static String key(Identity identity) {
    return identity.identifier().signerKey();
  }

  /** Builds the outcome in input order. */
  private static final class Assembly {
    final Outcome[] outcomes;
    final List<Identity> kept = new ArrayList<>();
    final List<Integer> keptSource = new ArrayList<>();
    final Map<String, Integer> keptByKey = new HashMap<>();

    Assembly(int m) {
      outcomes = new Outcome[m];
    }

    boolean isKept(String key) {
      return keptByKey.containsKey(key);
    }

    void undeserializable(int i, RuntimeException e) {
      outcomes[i] = new Outcome(Fate.UNDESERIALIZABLE, null, e, -1, -1);
    }

    void duplicate(int i, Identity id, String key) {
      outcomes[i] = new Outcome(Fate.DUPLICATE, id, null, -1, keptByKey.get(key));
    }

    void invalid(int i, Identity id, RuntimeException e) {
      outcomes[i] = new Outcome(Fate.SIGNATURE_INVALID, id, e, -1, -1);
    }

    void keep(int i, Identity id, String key) {
      outcomes[i] = new Outcome(Fate.KEPT, id, null, kept.size(), -1);
      keptByKey.put(key, i);
      kept.add(id);
      keptSource.add(i);
    }

    SignerSet build() {
      return new SignerSet(
          List.copyOf(kept), keptSource.stream().mapToInt(Integer::intValue).toArray(), outcomes);
    }
  }
}
