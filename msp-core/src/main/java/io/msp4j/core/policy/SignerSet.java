package io.msp4j.core.policy;

import io.msp4j.core.Identity;
import io.msp4j.core.IdentityIdentifier;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The signers that count, from a list of signed data (POLICY-SIG-02): each element's identity is
 * deserialised (failure drops it); its key, the MSP ID immediately followed by the identity's id,
 * drops it as a duplicate when an earlier element with that key was kept (checked before
 * verifying); its signature is verified (failure drops it without recording the key, so a later
 * good signature of the same signer still counts); otherwise it is kept.
 *
 * <p>With an executor, deserialisation and verification run concurrently: all elements are
 * deserialised, then verified in rounds, each round verifying for every key the first element not
 * yet known to fail. Exactly the elements the sequential order verifies get verified, and the
 * outcome is assembled in input order afterwards, so it is the sequential outcome.
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

  static SignerSet of(List<SignedData> signedData, IdentityDeserializer deserializer, EvaluationOptions options) {
    int m = signedData.size();
    SignedData[] sd = signedData.toArray(new SignedData[0]);
    Parallel parallel = Parallel.of(options);
    if (parallel == null || m < 2) {
      return sequential(sd, deserializer);
    }
    Identity[] identities = new Identity[m];
    String[] keys = new String[m];
    RuntimeException[] deserializationFailures = new RuntimeException[m];
    RuntimeException[] verifyFailures = new RuntimeException[m];
    boolean[] verified = new boolean[m];
    parallel.forEach(m, i -> {
      try {
        Identity id = deserializer.deserialize(sd[i].identity());
        keys[i] = key(id);
        identities[i] = id;
      } catch (RuntimeException e) {
        deserializationFailures[i] = e;
      }
    });
    // Per key, the elements in input order; a round verifies the next element of each key whose
    // earlier elements all failed, which is exactly what the sequential order verifies.
    Map<String, List<Integer>> byKey = new HashMap<>();
    for (int i = 0; i < m; i++) {
      if (identities[i] != null) {
        byKey.computeIfAbsent(keys[i], k -> new ArrayList<>(1)).add(i);
      }
    }
    List<List<Integer>> open = new ArrayList<>(byKey.values());
    int round = 0;
    while (!open.isEmpty()) {
      int r = round;
      int[] batch = open.stream().mapToInt(list -> list.get(r)).toArray();
      parallel.forEach(batch.length, j -> {
        int i = batch[j];
        try {
          identities[i].verify(sd[i].data(), sd[i].signature());
          verified[i] = true;
        } catch (RuntimeException e) {
          verifyFailures[i] = e;
        }
      });
      List<List<Integer>> next = new ArrayList<>();
      for (List<Integer> list : open) {
        if (!verified[list.get(r)] && list.size() > r + 1) {
          next.add(list);
        }
      }
      open = next;
      round++;
    }
    Assembly a = new Assembly(m);
    for (int i = 0; i < m; i++) {
      if (identities[i] == null) {
        a.undeserializable(i, deserializationFailures[i]);
      } else if (a.isKept(keys[i])) {
        a.duplicate(i, identities[i], keys[i]);
      } else if (!verified[i]) {
        a.invalid(i, identities[i], verifyFailures[i]);
      } else {
        a.keep(i, identities[i], keys[i]);
      }
    }
    return a.build();
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
    IdentityIdentifier id = identity.identifier();
    return id.mspId() + id.id();
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
