package io.msp4j.x509.internal.msp;

import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.Reason;
import java.util.Arrays;
import org.hyperledger.fabric.protos.common.MSPPrincipal;

/**
 * IDENTITY principals (PRINCIPAL-ID-01): this MSP deserialises the principal's identity; it is
 * satisfied by the same sanitised certificate, when the principal's identity is valid.
 */
final class IdentityPrincipals {
  private final X509MspImpl msp;

  IdentityPrincipals(X509MspImpl msp) {
    this.msp = msp;
  }

  void check(MSPPrincipal principal, Identity identity) {
    X509Identity wanted;
    try {
      wanted = msp.deserialize(principal.getPrincipal().toByteArray());
    } catch (IdentityException e) {
      throw new IdentityException(
          e.reason() == Reason.MSP_ID_MISMATCH ? Reason.MSP_ID_MISMATCH : Reason.PRINCIPAL_MALFORMED,
          "PRINCIPAL-ID-01",
          "the IDENTITY principal cannot be deserialised by MSP " + msp.id() + ": " + e.detail(),
          null,
          e);
    }
    X509Identity x = X509Identity.require(identity, "VALIDATE-03");
    if (!Arrays.equals(x.cert().der(), wanted.cert().der())) {
      throw PrincipalFailures.notSatisfied(
          "PRINCIPAL-ID-01",
          "the identity is not the principal's identity (" + wanted.cert().ref() + ")",
          x.cert().ref());
    }
    // The principal's identity is validated, as in Fabric. For an identity of this MSP that is the
    // same certificate under the same rules, so its remembered outcome is used instead, unless
    // another MSP decided that outcome (an identity keeps the first validator's verdict, CORE-07).
    X509MspImpl judge = x.validatedBy();
    boolean sameOutcome = x.msp() == msp && (judge == null || judge == msp);
    msp.validate(sameOutcome ? x : wanted);
  }
}
