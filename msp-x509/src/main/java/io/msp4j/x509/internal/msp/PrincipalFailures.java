package io.msp4j.x509.internal.msp;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Parser;
import io.msp4j.core.CertificateRef;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.Reason;
import java.io.IOException;

/** What the principal evaluators share: decoding payloads, the identity check, failures. */
final class PrincipalFailures {
  private PrincipalFailures() {}

  /**
   * Decodes a principal payload (PRINCIPAL-02). Byte fields of the result share the payload's
   * memory rather than copying it, so that nested combinations cost no more than their size.
   */
  static <T> T decode(ByteString payload, Parser<T> parser, String what) {
    try {
      CodedInputStream in = payload.newCodedInput();
      in.enableAliasing(true);
      T message = parser.parseFrom(in);
      in.checkLastTagWas(0);
      return message;
    } catch (InvalidProtocolBufferException e) {
      throw malformed("PRINCIPAL-02", "the principal payload is not a " + what + " protobuf: " + e.getMessage());
    } catch (IOException e) {
      throw malformed("PRINCIPAL-02", "the principal payload cannot be read as " + what + ": " + e.getMessage());
    }
  }

  /**
   * The identity as an X.509 identity: identities of other implementations cannot be checked
   * (VALIDATE-03). An identity of another X.509 MSP is checked with {@code msp}'s rules, as Fabric
   * does; its validation outcome is the one it remembers (CORE-07) and its OUs are those its own
   * MSP computed.
   */
  static X509Identity x509(Identity identity) {
    if (!(identity instanceof X509Identity x)) {
      throw new IdentityException(
          Reason.NOT_AN_X509_IDENTITY,
          "VALIDATE-03",
          "identity of type " + identity.getClass().getName() + " was not made by an X.509 MSP",
          null);
    }
    return x;
  }

  static IdentityException malformed(String rule, String message) {
    return new IdentityException(Reason.PRINCIPAL_MALFORMED, rule, message, null);
  }

  static IdentityException unsupported(String rule, String message) {
    return new IdentityException(Reason.PRINCIPAL_UNSUPPORTED, rule, message, null);
  }

  static IdentityException notSatisfied(String rule, String message, CertificateRef cert) {
    return new IdentityException(Reason.PRINCIPAL_NOT_SATISFIED, rule, message, cert);
  }

  static IdentityException otherMsp(String rule, String kind, String named, String mspId) {
    return new IdentityException(
        Reason.MSP_ID_MISMATCH,
        rule,
        "the " + kind + " principal names MSP '" + named + "', not '" + mspId + "'",
        null);
  }
}
