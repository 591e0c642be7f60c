package io.msp4j.cli;

import io.msp4j.core.CertificateRef;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.Msp;
import io.msp4j.core.MspException;
import io.msp4j.core.OrganizationalUnit;
import io.msp4j.core.Principal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The verdict on one identity input, as {@code msp validate --json} prints it: shared by {@code
 * validate} and {@code watch}, so that both answer the same input with the same object.
 */
final class IdentityVerdicts {
  private IdentityVerdicts() {}

  /**
   * The verdict of {@code msp} on the file {@code input} holding {@code content}: input, valid,
   * reason, rule, message, subject, serial, issuer, ous, identifier, roles, anonymous (true for
   * an idemix identity, which shows no certificate; also on a refusal by an idemix MSP).
   */
  static Map<String, Object> of(Msp msp, String input, byte[] content) {
    Map<String, Object> o = new LinkedHashMap<>();
    o.put("input", input);
    Identity identity;
    try {
      identity = msp.deserialize(IdentityInput.toSerializedIdentity(content, msp.id()));
    } catch (IdentityException e) {
      Map<String, Object> r = refused(input, e);
      r.put("anonymous", msp.providerType() == Msp.IDEMIX_PROVIDER);
      return r;
    }
    try {
      msp.validate(identity);
      o.put("valid", true);
      o.put("reason", null);
      o.put("rule", null);
      o.put("message", "valid");
    } catch (IdentityException e) {
      failure(o, e);
    }
    certificate(o, identity.certificate());
    List<Object> ous = new ArrayList<>();
    for (OrganizationalUnit ou : identity.organizationalUnits()) {
      Map<String, Object> u = new LinkedHashMap<>();
      u.put("ou", ou.ou());
      u.put("certifiers", ou.certifiersIdHex());
      ous.add(u);
    }
    o.put("ous", ous);
    o.put("identifier", identity.identifier().id());
    o.put("roles", roles(msp, identity));
    o.put("anonymous", identity.anonymous());
    return o;
  }

  /** The verdict on an input that does not become an identity, such as a file over LIMIT-01. */
  static Map<String, Object> refused(String input, IdentityException e) {
    Map<String, Object> o = new LinkedHashMap<>();
    o.put("input", input);
    failure(o, e);
    certificate(o, e.certificate().orElse(null));
    o.put("ous", List.of());
    o.put("identifier", null);
    o.put("roles", null);
    o.put("anonymous", null);
    return o;
  }

  /** The object printed instead of verdicts when the MSP cannot be set up. */
  static Map<String, Object> setupError(MspException e) {
    Map<String, Object> o = new LinkedHashMap<>();
    o.put("setup_error", e.detail());
    o.put("reason", e.reason().name());
    o.put("rule", e.rule());
    return o;
  }

  /**
   * Which ROLE principals of this MSP the identity satisfies, computed whether or not it is valid
   * (a configured admin is an admin without validation, PRINCIPAL-ROLE-02/03).
   */
  private static Map<String, Object> roles(Msp m, Identity identity) {
    Map<String, Object> r = new LinkedHashMap<>();
    for (Principal.RoleType type : Principal.RoleType.values()) {
      r.put(type.name().toLowerCase(Locale.ROOT), m.isSatisfied(identity, new Principal.Role(m.id(), type)));
    }
    return r;
  }

  private static void failure(Map<String, Object> o, IdentityException e) {
    o.put("valid", false);
    o.put("reason", e.reason().name());
    o.put("rule", e.rule());
    o.put("message", e.detail());
  }

  private static void certificate(Map<String, Object> o, CertificateRef ref) {
    o.put("subject", ref == null ? null : ref.subject());
    o.put("serial", ref == null ? null : ref.serialHex());
    o.put("issuer", ref == null ? null : ref.issuer());
  }
}
