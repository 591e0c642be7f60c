package io.msp4j.x509.internal.msp;

import com.google.protobuf.ByteString;
import io.msp4j.core.CertificateRef;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.IdentityIdentifier;
import io.msp4j.core.OrganizationalUnit;
import io.msp4j.core.Reason;
import io.msp4j.x509.internal.cert.ParsedCertificate;
import io.msp4j.x509.internal.crypto.PublicKeyHandle;
import io.msp4j.x509.internal.crypto.UnsupportedKeyException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
import java.util.Objects;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;

/**
 * An identity of an {@link X509MspImpl}: a sanitised certificate and the MSP that made it. The
 * first validation outcome is kept and returned ever after (CORE-07); the OUs are computed once.
 */
final class X509Identity implements Identity {
  private final X509MspImpl msp;
  private final ParsedCertificate cert;
  /** Made on first request when the constructor was given no identifier string. */
  private volatile IdentityIdentifier identifier;

  private final Object validationLock = new Object();
  private volatile boolean validated;
  private IdentityException validationError;
  private X509MspImpl validator;

  private volatile List<OrganizationalUnit> ous;
  /** The validation chain, or the Failure that prevents one; computed once. */
  private volatile Object chainOutcome;

  /** The crypto provider's prepared public key, made on first verification and kept. */
  private volatile PublicKeyHandle keyHandle;

  /** The unique chain sanitisation found in the MSP's pools, or null (see {@link #validationChain}). */
  private final List<ParsedCertificate> sanitisationChain;

  X509Identity(X509MspImpl msp, ParsedCertificate cert, String id) {
    this(msp, cert, id, null);
  }

  /**
   * An identity whose certificate's unique chain in {@code msp}'s pools at its check time is
   * {@code sanitisationChain}, as sanitisation found it (null when not known). With {@code id}
   * null, the MSP hashes the certificate when the identifier is first asked for.
   */
  X509Identity(X509MspImpl msp, ParsedCertificate cert, String id,
      List<ParsedCertificate> sanitisationChain) {
    this.msp = msp;
    this.cert = cert;
    this.identifier = id == null ? null : new IdentityIdentifier(msp.id(), id);
    this.sanitisationChain = sanitisationChain;
  }

  X509MspImpl msp() {
    return msp;
  }

  /**
   * The identity as an X.509 identity of this implementation; any other identity object fails
   * with {@link Reason#NOT_AN_X509_IDENTITY} under {@code rule} (VALIDATE-03, PRINCIPAL-03).
   */
  static X509Identity require(Identity identity, String rule) {
    if (!(identity instanceof X509Identity x)) {
      throw new IdentityException(
          Reason.NOT_AN_X509_IDENTITY,
          rule,
          "identity of type " + (identity == null ? "null" : identity.getClass().getName())
              + " was not made by an X.509 MSP",
          null);
    }
    return x;
  }

  /** The sanitised certificate. */
  ParsedCertificate cert() {
    return cert;
  }

  /**
   * The identity's unique validation chain with a leaf CA as issuer (VALIDATE-01 steps 3-4),
   * shared by validation and the OU computation (IDENT-03). A pure function of the MSP and the
   * certificate, so computing it twice in a race is harmless.
   */
  List<ParsedCertificate> validationChain() throws Failure {
    Object outcome = chainOutcome;
    if (outcome == null) {
      try {
        outcome = msp.chainOf(cert, sanitisationChain);
      } catch (Failure f) {
        outcome = f;
      }
      chainOutcome = outcome;
    }
    if (outcome instanceof Failure f) {
      throw f;
    }
    @SuppressWarnings("unchecked")
    List<ParsedCertificate> chain = (List<ParsedCertificate>) outcome;
    return chain;
  }

  /**
   * Validates once with {@code validator} and remembers the outcome, also under concurrent first
   * calls (CORE-07). As in Fabric, the outcome belongs to the identity: whichever MSP validates it
   * first decides what later calls return, normally the MSP that made it.
   */
  void validateMemoised(X509MspImpl validator) {
    if (!validated) {
      synchronized (validationLock) {
        if (!validated) {
          validationError = validator.computeValidation(this);
          this.validator = validator;
          validated = true;
        }
      }
    }
    if (validationError != null) {
      throw validationError;
    }
  }

  /** The MSP whose validation outcome the identity remembers, or null before the first one. */
  X509MspImpl validatedBy() {
    return validated ? validator : null;
  }

  @Override
  public String mspId() {
    return msp.id();
  }

  @Override
  public IdentityIdentifier identifier() {
    IdentityIdentifier id = identifier;
    if (id == null) {
      // A pure function of the certificate: computing it twice in a race is harmless.
      id = new IdentityIdentifier(msp.id(), msp.identifierOf(cert));
      identifier = id;
    }
    return id;
  }

  @Override
  public void validate() {
    msp.validate(this);
  }

  @Override
  public void satisfies(MSPPrincipal principal) {
    msp.satisfies(this, principal);
  }

  @Override
  public List<OrganizationalUnit> organizationalUnits() {
    List<OrganizationalUnit> result = ous;
    if (result == null) {
      result = msp.organizationalUnitsOf(this);
      ous = result;
    }
    return result;
  }

  @Override
  public Instant expiresAt() {
    return cert.notAfter();
  }

  /** X.509 identities are never anonymous (IDENT-06). */
  @Override
  public boolean anonymous() {
    return false;
  }

  @Override
  public byte[] serialize() {
    return SerializedIdentity.newBuilder()
        .setMspid(msp.id())
        .setIdBytes(ByteString.copyFrom(pem(cert.der())))
        .build()
        .toByteArray();
  }

  @Override
  public CertificateRef certificate() {
    return cert.ref();
  }

  @Override
  public byte[] certificateDer() {
    return cert.der();
  }

  @Override
  public void verify(byte[] message, byte[] signature) {
    Objects.requireNonNull(message, "message");
    Objects.requireNonNull(signature, "signature");
    try {
      msp.signatures().verify(cert.publicKey(), this::keyHandle, message, signature);
    } catch (Failure f) {
      throw f.toIdentityException(cert);
    } catch (UnsupportedKeyException e) {
      throw new IdentityException(
          Reason.KEY_ALGORITHM_NOT_ACCEPTED, "VERIFY-05", "the key cannot verify: " + e.getMessage(), cert.ref());
    }
  }

  private PublicKeyHandle keyHandle() {
    PublicKeyHandle h = keyHandle;
    if (h == null) {
      h = msp.signatures().crypto().publicKey(cert.publicKey());
      keyHandle = h;
    }
    return h;
  }

  /** PEM as Go's encoder writes it: 64-character lines, LF endings (IDENT-04). */
  static byte[] pem(byte[] der) {
    String b64 = Base64.getEncoder().encodeToString(der);
    StringBuilder sb = new StringBuilder("-----BEGIN CERTIFICATE-----\n");
    for (int i = 0; i < b64.length(); i += 64) {
      sb.append(b64, i, Math.min(b64.length(), i + 64)).append('\n');
    }
    sb.append("-----END CERTIFICATE-----\n");
    return sb.toString().getBytes(StandardCharsets.US_ASCII);
  }

  @Override
  public String toString() {
    return "X509Identity{" + msp.id() + ", " + cert.ref() + "}";
  }
}
