package io.msp4j.x509.internal.chain;

import io.msp4j.x509.internal.cert.CertPublicKey;
import io.msp4j.x509.internal.cert.CertificateParseException;
import io.msp4j.x509.internal.cert.Der;
import io.msp4j.x509.internal.cert.KeyAlgorithm;
import io.msp4j.x509.internal.cert.ParsedCertificate;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1EncodableVector;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.DERBitString;
import org.bouncycastle.asn1.DLSequence;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;

/**
 * Fabric's certificate sanitisation (SANITIZE-01..04): ECDSA-signed certificates get a low-S,
 * minimally encoded signature, which requires a unique chain to the MSP's pools at
 * T(cert) = notBefore + 1 s (VALIDATE-TIME-01). Other certificates are returned unchanged.
 */
public final class CertificateSanitizer {
  private final PathBuilder paths;

  public CertificateSanitizer(PathBuilder paths) {
    this.paths = Objects.requireNonNull(paths, "paths");
  }

  /**
   * Sanitises {@code cert} against the given pools. Returns {@code cert} itself when nothing
   * changes; a re-parsed certificate when the signature was rewritten. Throws
   * {@link SanitizationException} when Fabric's sanitisation fails.
   */
  public ParsedCertificate sanitize(ParsedCertificate cert, CertPool roots,
      CertPool intermediates) {
    return sanitizeWithChain(cert, roots, intermediates).cert();
  }

  /**
   * A sanitised certificate and, when sanitisation found it (SANITIZE-03), the unique chain of
   * the sanitised certificate in the same pools at the same time; otherwise null.
   */
  public record Sanitised(ParsedCertificate cert, List<ParsedCertificate> chain) {}

  /**
   * {@link #sanitize}, also returning the sanitised certificate's unique chain when it is known
   * without a second search. SANITIZE-03 finds the unique chain of {@code cert}; the sanitised
   * certificate differs from it only in its signature value (every other parsed field is copied,
   * and it inherits the signature check results, an ECDSA signature (r, s) verifying exactly
   * when (r, n - s) does), and path building reads nothing else of the leaf but its identity as
   * a pool member (CHAIN-02). So, unless the sanitised certificate is itself one of the roots,
   * its unique chain is the same chain with it in first place.
   */
  public Sanitised sanitizeWithChain(ParsedCertificate cert, CertPool roots,
      CertPool intermediates) {
    Objects.requireNonNull(cert, "cert");
    if (!cert.signatureAlgorithm().isEcdsa()) {
      return new Sanitised(cert, null); // SANITIZE-01
    }
    Instant t = cert.verificationTime();
    if (cert.isCa() && paths.checkSignatureFrom(cert, cert) == null) {
      // SANITIZE-02: a self-signed CA is normalised with its own key, then must chain to itself.
      ParsedCertificate normalised = normalise(cert, cert.publicKey(), "SANITIZE-02");
      requireUniquePath(normalised, t, CertPool.of(normalised), intermediates, "SANITIZE-02");
      return new Sanitised(normalised, null);
    }
    // SANITIZE-03
    List<ParsedCertificate> path = requireUniquePath(cert, t, roots, intermediates, "SANITIZE-03");
    if (path.size() < 2) {
      throw new SanitizationException("SANITIZE-03",
          "cannot sanitise " + cert.describe() + ": its only chain has one element, so there is "
              + "no issuer whose curve normalises the signature", cert, null, null);
    }
    ParsedCertificate sanitised = normalise(cert, path.get(1).publicKey(), "SANITIZE-03");
    if (sanitised == cert) {
      return new Sanitised(cert, path);
    }
    if (roots.contains(sanitised)) {
      return new Sanitised(sanitised, null);
    }
    List<ParsedCertificate> chain = new ArrayList<>(path);
    chain.set(0, sanitised);
    return new Sanitised(sanitised, List.copyOf(chain));
  }

  private List<ParsedCertificate> requireUniquePath(ParsedCertificate cert, Instant t,
      CertPool roots, CertPool intermediates, String rule) {
    try {
      return paths.uniquePath(cert, t, roots, intermediates);
    } catch (ChainValidationException e) {
      throw new SanitizationException(rule, "cannot sanitise " + cert.describe()
          + ": no unique chain at " + t + ": " + e.failure().message()
          + releaseRule(e.failure()), cert, e.failure(), e);
    }
  }

  /** The rule of a chain failure that only some Go releases give (spec Appendix F), cited. */
  private static String releaseRule(ChainFailure f) {
    return f.rule().startsWith("REL-") ? " [" + f.rule() + "]" : "";
  }

  private static ParsedCertificate normalise(ParsedCertificate cert, CertPublicKey issuerKey,
      String rule) {
    if (issuerKey.algorithm() != KeyAlgorithm.ECDSA || issuerKey.curveName().isEmpty()) {
      throw new SanitizationException(rule, "cannot sanitise " + cert.describe()
          + ": the issuer key is " + issuerKey + ", not an ECDSA key on a supported curve",
          cert, null, null);
    }
    byte[] original = cert.signature();
    if (EcdsaSignatureDer.isNormalised(original, issuerKey.curveName().get())) {
      return cert;
    }
    byte[] normalised;
    try {
      normalised = EcdsaSignatureDer.normalize(original, issuerKey.curveName().get());
    } catch (SignatureDecodingException e) {
      throw new SanitizationException("SANITIZE-04", "cannot sanitise " + cert.describe()
          + ": " + e.getMessage(), cert, null, e);
    }
    if (Arrays.equals(original, normalised)) {
      return cert;
    }
    try {
      FabricCertificateLayout.check(cert.der());
    } catch (io.msp4j.x509.internal.cert.GoAsn1.Asn1Exception e) {
      throw new SanitizationException("SANITIZE-04", "cannot sanitise " + cert.describe()
          + ": Fabric decodes the certificate with encoding/asn1 before rewriting its signature, "
          + "and that fails: " + e.getMessage(), cert, null, e);
    }
    ParsedCertificate rebuilt = rebuild(cert, normalised);
    rebuilt.inheritSignatureChecks(cert);
    return rebuilt;
  }

  /**
   * SEQUENCE{ TBSCertificate verbatim, signatureAlgorithm, BIT STRING(signature) }: the
   * certificate with its signature replaced, made from its parts without parsing again (the same
   * bytes and fields as {@link #rebuildAndParse}, against which it is tested).
   */
  static ParsedCertificate rebuild(ParsedCertificate cert, byte[] signature) {
    return cert.withSignature(signature);
  }

  /**
   * The reference for {@link #rebuild}: SEQUENCE{ TBSCertificate verbatim, signatureAlgorithm
   * re-encoded from its parsed value, BIT STRING(signature) }, encoded and parsed again.
   */
  static ParsedCertificate rebuildAndParse(ParsedCertificate cert, byte[] signature) {
    AlgorithmIdentifier ai = cert.signatureAlgorithmId();
    ASN1EncodableVector aiv = new ASN1EncodableVector(2);
    aiv.add(ai.getAlgorithm());
    ASN1Encodable params = ai.getParameters();
    if (params != null) {
      aiv.add(params);
    }
    ASN1Primitive tbs = Der.first(cert.tbs(), "x509: malformed tbs certificate");
    ASN1EncodableVector v = new ASN1EncodableVector(3);
    v.add(tbs);
    v.add(new DLSequence(aiv));
    v.add(new DERBitString(signature));
    byte[] der = Der.encode(new DLSequence(v));
    try {
      return ParsedCertificate.parse(der, cert.rules()); // as the Go that parsed cert
    } catch (CertificateParseException e) {
      throw new SanitizationException("SANITIZE-04", "the sanitised form of " + cert.describe()
          + " does not parse: " + e.getMessage(), cert, null, e);
    }
  }
}
