package io.msp4j.pkcs11;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The PKCS#11 settings of Fabric's {@code BCCSP.PKCS11} section, as an immutable value: which
 * library, which token, the PIN, and how keys are found (spec P11-01, P11-02).
 *
 * <p>{@code Hash} and {@code Security} are checked as Fabric checks them ({@code SHA2} or {@code
 * SHA3}; 256 or 384) but, as in Fabric, they do not choose the digest of an MSP signature: that is
 * the MSP's {@code signature_hash_family}. {@code SoftwareVerify} and {@code Immutable} are kept for
 * fidelity; msp4j always verifies in software and never creates keys.
 *
 * <p>{@link #toString()} never shows the PIN.
 */
public final class Pkcs11Settings {

  /** The number of sessions kept open by default. */
  public static final int DEFAULT_SESSIONS = 4;

  private final String library;
  private final String label;
  private final String pin;
  private final String hash;
  private final int security;
  private final boolean softwareVerify;
  private final boolean immutable;
  private final String altId;
  private final List<KeyIdMapping> keyIds;
  private final int sessions;

  private Pkcs11Settings(Builder b) {
    this.library = b.library;
    this.label = b.label;
    this.pin = b.pin;
    this.hash = b.hash;
    this.security = b.security;
    this.softwareVerify = b.softwareVerify;
    this.immutable = b.immutable;
    this.altId = b.altId;
    this.keyIds = List.copyOf(b.keyIds);
    this.sessions = b.sessions;
  }

  /** A builder with Fabric's defaults: SHA2, 256, no AltID, no KeyIds. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding these settings, to change some of them. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.library = library;
    b.label = label;
    b.pin = pin;
    b.hash = hash;
    b.security = security;
    b.softwareVerify = softwareVerify;
    b.immutable = immutable;
    b.altId = altId;
    b.keyIds.addAll(keyIds);
    b.sessions = sessions;
    return b;
  }

  /** The path of the PKCS#11 library ({@code Library}). */
  public String library() {
    return library;
  }

  /** The token label ({@code Label}): the first slot whose token has this label is used. */
  public String label() {
    return label;
  }

  /** The user PIN ({@code Pin}). Keep it out of logs. */
  public String pin() {
    return pin;
  }

  /** {@code Hash}: {@code SHA2} or {@code SHA3}. */
  public String hash() {
    return hash;
  }

  /** {@code Security}: 256 or 384. */
  public int security() {
    return security;
  }

  /** {@code SoftwareVerify}. */
  public boolean softwareVerify() {
    return softwareVerify;
  }

  /** {@code Immutable}. */
  public boolean immutable() {
    return immutable;
  }

  /** {@code AltID}: the CKA_ID text used for every key without a KeyIds entry; empty if unset. */
  public String altId() {
    return altId;
  }

  /** {@code KeyIds}: CKA_IDs for particular SKIs. */
  public List<KeyIdMapping> keyIds() {
    return keyIds;
  }

  /** The most sessions kept open at once (not a Fabric setting). */
  public int sessions() {
    return sessions;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Pkcs11Settings s
        && library.equals(s.library)
        && label.equals(s.label)
        && pin.equals(s.pin)
        && hash.equals(s.hash)
        && security == s.security
        && softwareVerify == s.softwareVerify
        && immutable == s.immutable
        && altId.equals(s.altId)
        && keyIds.equals(s.keyIds)
        && sessions == s.sessions;
  }

  @Override
  public int hashCode() {
    return Objects.hash(library, label, pin, hash, security, softwareVerify, immutable, altId, keyIds, sessions);
  }

  @Override
  public String toString() {
    return "Pkcs11Settings{library=" + library + ", label=" + label + ", pin=(hidden), hash=" + hash
        + ", security=" + security + ", softwareVerify=" + softwareVerify + ", immutable=" + immutable
        + ", altId=" + (altId.isEmpty() ? "(none)" : altId) + ", keyIds=" + keyIds + ", sessions=" + sessions + "}";
  }

  /** Builds {@link Pkcs11Settings}; {@link #build()} checks the values. */
  public static final class Builder {
    private String library = "";
    private String label = "";
    private String pin = "";
    private String hash = "SHA2";
    private int security = 256;
    private boolean softwareVerify;
    private boolean immutable;
    private String altId = "";
    private final List<KeyIdMapping> keyIds = new ArrayList<>();
    private int sessions = DEFAULT_SESSIONS;

    private Builder() {}

    /** The path of the PKCS#11 library. */
    public Builder library(String value) {
      this.library = Objects.requireNonNull(value, "library");
      return this;
    }

    /** The token label. */
    public Builder label(String value) {
      this.label = Objects.requireNonNull(value, "label");
      return this;
    }

    /** The user PIN. */
    public Builder pin(String value) {
      this.pin = Objects.requireNonNull(value, "pin");
      return this;
    }

    /** {@code SHA2} or {@code SHA3}. */
    public Builder hash(String value) {
      this.hash = Objects.requireNonNull(value, "hash");
      return this;
    }

    /** 256 or 384. */
    public Builder security(int value) {
      this.security = value;
      return this;
    }

    /** Fabric's {@code SoftwareVerify}. */
    public Builder softwareVerify(boolean value) {
      this.softwareVerify = value;
      return this;
    }

    /** Fabric's {@code Immutable}. */
    public Builder immutable(boolean value) {
      this.immutable = value;
      return this;
    }

    /** Fabric's {@code AltID}; empty for none. */
    public Builder altId(String value) {
      this.altId = Objects.requireNonNull(value, "altId");
      return this;
    }

    /** Adds a {@code KeyIds} entry. */
    public Builder keyId(KeyIdMapping mapping) {
      this.keyIds.add(Objects.requireNonNull(mapping, "mapping"));
      return this;
    }

    /** Replaces the {@code KeyIds} entries. */
    public Builder keyIds(List<KeyIdMapping> mappings) {
      this.keyIds.clear();
      mappings.forEach(this::keyId);
      return this;
    }

    /** The most sessions kept open at once (at least 1). */
    public Builder sessions(int value) {
      this.sessions = value;
      return this;
    }

    /**
     * Checks and builds the settings.
     *
     * @throws IllegalArgumentException naming the first bad setting: no library or label, a hash
     *     other than SHA2 or SHA3, a security level other than 256 or 384, fewer than 1 session
     */
    public Pkcs11Settings build() {
      if (library.isBlank()) {
        throw new IllegalArgumentException("PKCS11.Library is not set (the path of the PKCS#11 library)");
      }
      if (label.isEmpty()) {
        throw new IllegalArgumentException("PKCS11.Label is not set (the label of the token to use)");
      }
      if (!hash.equals("SHA2") && !hash.equals("SHA3")) {
        throw new IllegalArgumentException("PKCS11.Hash must be SHA2 or SHA3, got '" + hash + "'");
      }
      if (security != 256 && security != 384) {
        throw new IllegalArgumentException("PKCS11.Security must be 256 or 384, got " + security);
      }
      if (sessions < 1) {
        throw new IllegalArgumentException("the session pool needs at least 1 session, got " + sessions);
      }
      return new Pkcs11Settings(this);
    }
  }
}
