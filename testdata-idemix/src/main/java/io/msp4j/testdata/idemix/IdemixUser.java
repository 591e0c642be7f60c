package io.msp4j.testdata.idemix;

import io.msp4j.idemix.IdemixCredential;
import io.msp4j.idemix.IdemixUserSecret;
import java.util.Objects;
import org.hyperledger.fabric.protos.msp.IdemixMSPSignerConfig;

/**
 * A user enrolled in a generated idemix organisation: its spec, its secret, its credential and its
 * signer configuration (the {@code user/SignerConfig} file). {@link #toString()} never shows the
 * secret.
 */
public final class IdemixUser {
  private final IdemixUserSpec spec;
  private final IdemixUserSecret secret;
  private final IdemixCredential credential;
  private final IdemixMSPSignerConfig signerConfig;

  IdemixUser(IdemixUserSpec spec, IdemixUserSecret secret, IdemixCredential credential,
      IdemixMSPSignerConfig signerConfig) {
    this.spec = Objects.requireNonNull(spec, "spec");
    this.secret = Objects.requireNonNull(secret, "secret");
    this.credential = Objects.requireNonNull(credential, "credential");
    this.signerConfig = Objects.requireNonNull(signerConfig, "signerConfig");
  }

  /** What the user was generated from. */
  public IdemixUserSpec spec() {
    return spec;
  }

  /** The enrollment ID, the name of the user's folder. */
  public String enrollmentId() {
    return spec.enrollmentId();
  }

  /** The user secret. */
  public IdemixUserSecret secret() {
    return secret;
  }

  /** The credential. */
  public IdemixCredential credential() {
    return credential;
  }

  /** The signer configuration; {@code toByteArray()} gives the {@code user/SignerConfig} file. */
  public IdemixMSPSignerConfig signerConfig() {
    return signerConfig;
  }

  /** The spec only. */
  @Override
  public String toString() {
    return "IdemixUser[" + spec + "]";
  }
}
