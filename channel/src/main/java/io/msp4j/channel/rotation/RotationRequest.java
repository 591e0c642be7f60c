package io.msp4j.channel.rotation;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What an operator asks of a CA rotation: the org, the CAs to bring in, the CAs to retire, the
 * identities to follow, and whether a retire step may lock someone out. Immutable; built with
 * {@link #builder(String)}.
 */
public final class RotationRequest {
  private final String mspId;
  private final List<NewCa> newCas;
  private final List<RetiredCa> retired;
  private final List<RotationIdentity> identities;
  private final boolean allowLockout;
  private final boolean pinNodeOus;

  private RotationRequest(Builder b) {
    this.mspId = b.mspId;
    this.newCas = List.copyOf(b.newCas);
    this.retired = List.copyOf(b.retired);
    this.identities = List.copyOf(b.identities);
    this.allowLockout = b.allowLockout;
    this.pinNodeOus = b.pinNodeOus;
  }

  /** A request for the org whose MSP ID is {@code mspId}. */
  public static Builder builder(String mspId) {
    return new Builder(mspId);
  }

  /** The org's MSP ID. */
  public String mspId() {
    return mspId;
  }

  /** The CAs to bring in, in the order given. */
  public List<NewCa> newCas() {
    return newCas;
  }

  /** The CAs to retire. */
  public List<RetiredCa> retired() {
    return retired;
  }

  /** The identities to follow (enrollment and TLS certificates). */
  public List<RotationIdentity> identities() {
    return identities;
  }

  /** Whether a retire step that locks someone out is written anyway. */
  public boolean allowLockout() {
    return allowLockout;
  }

  /**
   * Whether the retire step pins every NodeOU identifier to the new issuing CA even when it is
   * not pinned in the current configuration (as after an earlier add step that unpinned it).
   */
  public boolean pinNodeOus() {
    return pinNodeOus;
  }

  @Override
  public String toString() {
    return "RotationRequest[" + mspId + ", " + newCas.size() + " new, " + retired.size()
        + " retired, " + identities.size() + " identities]";
  }

  /** Builds a {@link RotationRequest}. */
  public static final class Builder {
    private final String mspId;
    private final List<NewCa> newCas = new ArrayList<>();
    private final List<RetiredCa> retired = new ArrayList<>();
    private final List<RotationIdentity> identities = new ArrayList<>();
    private boolean allowLockout;
    private boolean pinNodeOus;

    private Builder(String mspId) {
      this.mspId = Objects.requireNonNull(mspId, "mspId");
      if (mspId.isEmpty()) {
        throw new IllegalArgumentException("the MSP ID is empty");
      }
    }

    /** A CA to bring in. */
    public Builder add(NewCa ca) {
      newCas.add(Objects.requireNonNull(ca, "ca"));
      return this;
    }

    /** A CA to retire. */
    public Builder retire(RetiredCa ca) {
      retired.add(Objects.requireNonNull(ca, "ca"));
      return this;
    }

    /** An identity to follow. */
    public Builder identity(RotationIdentity id) {
      identities.add(Objects.requireNonNull(id, "id"));
      return this;
    }

    /** Identities to follow. */
    public Builder identities(List<RotationIdentity> ids) {
      ids.forEach(this::identity);
      return this;
    }

    /** Write a retire step even when it locks someone out. */
    public Builder allowLockout(boolean allow) {
      this.allowLockout = allow;
      return this;
    }

    /** Pin every NodeOU identifier to the new issuing CA at the retire step. */
    public Builder pinNodeOus(boolean pin) {
      this.pinNodeOus = pin;
      return this;
    }

    /**
     * The request.
     *
     * @throws IllegalArgumentException when it asks for nothing (no CA to add or retire)
     */
    public RotationRequest build() {
      if (newCas.isEmpty() && retired.isEmpty()) {
        throw new IllegalArgumentException("a rotation needs a CA to add or to retire");
      }
      return new RotationRequest(this);
    }
  }
}
