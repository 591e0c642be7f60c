package io.msp4j.x509.internal.chain;

import io.msp4j.x509.internal.cert.ParsedCertificate;
import java.util.Optional;

/**
 * A certificate could not be sanitised (SANITIZE-02..04): no unique chain, a one-element chain
 * for a non-self-signed certificate, or an undecodable signature. {@link #chainFailure()} holds
 * the chain reason when the chain requirement failed.
 */
public final class SanitizationException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final transient ParsedCertificate certificate;
  private final transient ChainFailure chainFailure;
  private final String rule;

  public SanitizationException(String rule, String message, ParsedCertificate certificate,
      ChainFailure chainFailure, Throwable cause) {
    super(message + " [" + rule + "]", cause);
    this.rule = rule;
    this.certificate = certificate;
    this.chainFailure = chainFailure;
  }

  /** The spec rule that failed. */
  public String rule() {
    return rule;
  }

  /** The certificate being sanitised. */
  public ParsedCertificate certificate() {
    return certificate;
  }

  /** The chain failure, when the unique-chain requirement failed. */
  public Optional<ChainFailure> chainFailure() {
    return Optional.ofNullable(chainFailure);
  }
}
