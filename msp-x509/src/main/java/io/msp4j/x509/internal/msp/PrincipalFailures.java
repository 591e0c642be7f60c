package io.msp4j.x509.internal.msp;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Parser;
import io.msp4j.core.CertificateRef;
import io.msp4j.core.IdentityException;
import io.msp4j.core.Reason;
import java.io.IOException;

/** What the principal evaluators share: decoding payloads and failures. */
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
