package io.msp4j.core;

import com.google.protobuf.InvalidProtocolBufferException;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;

/**
 * Several MSPs by MSP ID, as a channel holds them (CORE-05, spec section 7): deserialisation is
 * routed to the MSP the serialized identity names. A manager is set up once; later calls to
 * {@link #setup} change nothing (MGR-01). Safe for concurrent use.
 *
 * <pre>{@code
 * MspManager channel = MspManager.of(List.of(org1, org2, orderers));
 * Identity signer = channel.deserialize(creatorBytes);
 * }</pre>
 */
public final class MspManager {
  private final AtomicReference<Registry> registry = new AtomicReference<>();

  /**
   * What setup registered: MSPs by ID, and the first MSP given of each provider type (X.509
   * first), which answer well-formedness questions.
   */
  private record Registry(Map<String, Msp> byId, List<Msp> firstOfEachType) {
    Msp first() {
      return firstOfEachType.isEmpty() ? null : firstOfEachType.get(0);
    }
  }

  private MspManager() {}

  /** A manager that is not set up yet: it deserialises nothing until {@link #setup} is called. */
  public static MspManager create() {
    return new MspManager();
  }

  /** A manager set up with these MSPs (see {@link #setup}). */
  public static MspManager of(Collection<? extends Msp> msps) {
    MspManager m = new MspManager();
    m.setup(msps);
    return m;
  }

  /**
   * Registers each MSP under its ID, a later MSP replacing an earlier one with the same ID, and
   * marks the manager as set up; null or empty means no MSPs (MGR-01). Only the first call counts:
   * when the manager is already set up this returns false and changes nothing, as Fabric's
   * manager does.
   *
   * @return whether this call set the manager up
   * @throws NullPointerException naming the position of a null MSP (the manager stays as it was)
   */
  public boolean setup(Collection<? extends Msp> msps) {
    Map<String, Msp> byId = new LinkedHashMap<>();
    Map<Integer, Msp> firstByType = new java.util.TreeMap<>();
    if (msps != null) {
      int i = 0;
      for (Msp m : msps) {
        Objects.requireNonNull(m, "msps[" + i + "]");
        byId.put(m.id(), m);
        firstByType.putIfAbsent(m.providerType(), m);
        i++;
      }
    }
    return registry.compareAndSet(null, new Registry(Collections.unmodifiableMap(byId),
        List.copyOf(firstByType.values())));
  }

  /** Whether {@link #setup} has been called. */
  public boolean isSetUp() {
    return registry.get() != null;
  }

  /** The MSPs by ID, in the order first registered; empty before setup (MGR-02). */
  public Map<String, Msp> msps() {
    Registry r = registry.get();
    return r == null ? Map.of() : r.byId();
  }

  /** The MSP registered under {@code mspId}. */
  public Optional<Msp> msp(String mspId) {
    return Optional.ofNullable(msps().get(mspId));
  }

  /**
   * Deserialises a {@code SerializedIdentity} with the MSP its {@code mspid} names (MGR-03).
   *
   * @throws IdentityException with reason {@link Reason#MANAGER_NOT_SET_UP}, {@link
   *     Reason#MALFORMED_IDENTITY} (the bytes do not decode), {@link Reason#UNKNOWN_MSP} (no MSP
   *     of this manager has that ID), or the MSP's own deserialisation failure
   */
  public Identity deserialize(byte[] serializedIdentity) {
    Objects.requireNonNull(serializedIdentity, "serializedIdentity");
    Registry r = registry.get();
    if (r == null) {
      throw new IdentityException(
          Reason.MANAGER_NOT_SET_UP, "MGR-03", "the MSP manager is not set up", null);
    }
    InputLimits.checkSerializedIdentity(serializedIdentity.length);
    Map<String, Msp> m = r.byId();
    SerializedIdentity si;
    try {
      si = SerializedIdentity.parseFrom(serializedIdentity);
    } catch (InvalidProtocolBufferException e) {
      throw new IdentityException(
          Reason.MALFORMED_IDENTITY,
          "MGR-03",
          "not a SerializedIdentity protobuf: " + e.getMessage(),
          null,
          e);
    }
    Msp target = m.get(si.getMspid());
    if (target == null) {
      throw new IdentityException(
          Reason.UNKNOWN_MSP,
          "MGR-03",
          "the identity names MSP '" + si.getMspid() + "', which is not one of this manager's MSPs "
              + m.keySet(),
          null);
    }
    return target.deserialize(serializedIdentity);
  }

  /**
   * Checks that a serialized identity is in canonical form (MGR-04): as Fabric, the first MSP
   * registered of each provider type (X.509, idemix) is asked, and one acceptance suffices; its
   * {@code mspid} is not looked at. With an idemix MSP in the manager, bytes that parse as an
   * idemix identity are therefore well formed, as in Fabric.
   *
   * @throws IdentityException with reason {@link Reason#NOT_WELL_FORMED}, rule MGR-04 when the
   *     manager has no MSP (or is not set up), or the MSP's own well-formedness failure
   */
  public void checkWellFormed(SerializedIdentity identity) {
    Objects.requireNonNull(identity, "identity");
    Registry r = registry.get();
    if (r == null || r.first() == null) {
      throw new IdentityException(
          Reason.NOT_WELL_FORMED,
          "MGR-04",
          r == null
              ? "the MSP manager is not set up, so no MSP recognises the identity"
              : "the MSP manager has no MSP, so no MSP recognises the identity",
          null);
    }
    // As Fabric: well formed when one MSP of some provider type says so; the X.509 answer
    // (or the only one) explains a refusal.
    IdentityException refusal = null;
    for (Msp m : r.firstOfEachType()) {
      try {
        m.checkWellFormed(identity);
        return;
      } catch (IdentityException e) {
        refusal = refusal == null ? e : refusal;
      }
    }
    throw refusal;
  }

  /** Whether {@link #checkWellFormed} accepts the identity. */
  public boolean isWellFormed(SerializedIdentity identity) {
    try {
      checkWellFormed(identity);
      return true;
    } catch (IdentityException e) {
      return false;
    }
  }

  @Override
  public String toString() {
    Registry r = registry.get();
    return r == null ? "MspManager{not set up}" : "MspManager" + r.byId().keySet();
  }
}
