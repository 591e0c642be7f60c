package io.msp4j.channel.rotation;

import com.google.protobuf.ByteString;
import io.msp4j.channel.rotation.internal.Certs;
import io.msp4j.channel.rotation.internal.MspEdits;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;

/**
 * A rotation request read against the org's MSP definition in force: certificates parsed and
 * checked, new CAs already in force set aside, identities sorted into enrollment and TLS
 * certificates by the CAs (old or new) that issued them.
 */
record Inputs(List<NewCa> toAdd, List<NewCa> newCas, List<X509Certificate> newCerts,
    List<X509Certificate> retired, List<X509Certificate> identities, List<ByteString> identityBytes,
    List<Boolean> enrollment, List<Boolean> tls, List<X509Certificate> allRoots,
    List<X509Certificate> allIntermediates, List<String> notes) {

  static Inputs read(FabricMSPConfig f, RotationRequest r) {
    List<X509Certificate> roots = new ArrayList<>(MspEdits.certs(f, CaRole.ROOT));
    List<X509Certificate> inters = new ArrayList<>(MspEdits.certs(f, CaRole.INTERMEDIATE));
    List<X509Certificate> tlsRoots = new ArrayList<>(MspEdits.certs(f, CaRole.TLS_ROOT));
    List<X509Certificate> tlsInters = new ArrayList<>(MspEdits.certs(f, CaRole.TLS_INTERMEDIATE));
    List<String> notes = new ArrayList<>();
    List<NewCa> toAdd = new ArrayList<>();
    List<X509Certificate> newCerts = new ArrayList<>();
    for (NewCa ca : r.newCas()) {
      X509Certificate c = Certs.parse(ca.certificate()).orElseThrow(() -> new RotationException(
          "SETUP-PARSE-01", ca.label() + " (" + ca.role().option() + ") holds no certificate"));
      newCerts.add(c);
      if (!Certs.isCa(c)) {
        throw new RotationException("SETUP-CAFIN-01", ca.label() + ": the new " + ca.role().word()
            + " is not a CA (no basicConstraints with cA = true): " + Certs.describe(c));
      }
      if (ca.role().root() && !Certs.selfSigned(c)) {
        throw new RotationException("SETUP-CA-03", ca.label() + ": the new " + ca.role().word()
            + " is not self-signed: " + Certs.describe(c));
      }
      Optional<CaRole> already = MspEdits.roleOf(f, c);
      if (already.isPresent()) {
        notes.add(ca.label() + " is already in force as a " + already.get().word()
            + ": not added again");
        continue;
      }
      toAdd.add(ca);
      switch (ca.role()) {
        case ROOT -> roots.add(c);
        case INTERMEDIATE -> inters.add(c);
        case TLS_ROOT -> tlsRoots.add(c);
        case TLS_INTERMEDIATE -> tlsInters.add(c);
      }
    }
    for (NewCa ca : toAdd) {
      X509Certificate c = Certs.parse(ca.certificate()).orElseThrow();
      boolean chains = switch (ca.role()) {
        case INTERMEDIATE -> Certs.chain(c, roots, inters).isPresent();
        case TLS_INTERMEDIATE -> Certs.chain(c, tlsRoots, tlsInters).isPresent();
        default -> true;
      };
      if (!chains) {
        throw new RotationException(ca.role().tls() ? "SETUP-TLS-02" : "SETUP-CA-03",
            ca.label() + ": the new " + ca.role().word() + " chains to no " + (ca.role().tls()
                ? "TLS root" : "root") + " in force or added: " + Certs.describe(c));
      }
    }
    List<X509Certificate> retired = new ArrayList<>();
    for (RetiredCa ca : r.retired()) {
      X509Certificate c = Certs.parse(ca.certificate()).orElseThrow(() -> new RotationException(
          "SETUP-PARSE-01", ca.label() + " (--retire) holds no certificate"));
      if (MspEdits.roleOf(f, c).isEmpty()) {
        throw new RotationException("CHANNEL-MSP-11", ca.label() + " (--retire) is not a CA of "
            + r.mspId() + "'s MSP in force: " + Certs.describe(c));
      }
      if (Certs.contains(newCerts, c)) {
        throw new RotationException("CHANNEL-MSP-11", ca.label()
            + " is both a new CA and a CA to retire: " + Certs.describe(c));
      }
      retired.add(c);
    }
    if (!retired.isEmpty() && roots.stream().allMatch(x -> Certs.contains(retired, x))) {
      throw new RotationException("SETUP-CA-01", "retiring " + r.mspId()
          + "'s every root CA leaves the MSP without one: add the new root with --new-root");
    }
    List<X509Certificate> ids = new ArrayList<>();
    List<ByteString> idBytes = new ArrayList<>();
    List<Boolean> enrollment = new ArrayList<>();
    List<Boolean> tls = new ArrayList<>();
    for (RotationIdentity id : r.identities()) {
      X509Certificate c = Certs.parse(id.certificate()).orElseThrow(() -> new RotationException(
          "SETUP-PARSE-01", id.label() + " (--identities) holds no certificate"));
      boolean e = !Certs.isCa(c) && Certs.chain(c, roots, inters).isPresent();
      boolean t = !Certs.isCa(c) && Certs.chain(c, tlsRoots, tlsInters).isPresent();
      if (!e && !t && !Certs.isCa(c)) {
        notes.add(id.label() + " (" + Certs.describe(c) + ") was issued by no CA of "
            + r.mspId() + ", old or new: not followed");
      }
      ids.add(c);
      idBytes.add(id.certificate());
      enrollment.add(e);
      tls.add(t);
    }
    return new Inputs(toAdd, r.newCas(), newCerts, retired, ids, idBytes, enrollment, tls,
        List.copyOf(roots), List.copyOf(inters), notes);
  }

  /** The new identity CAs (roots and intermediates), in the order given. */
  List<X509Certificate> identityNew() {
    List<X509Certificate> out = new ArrayList<>();
    for (int i = 0; i < newCas.size(); i++) {
      if (!newCas.get(i).role().tls()) {
        out.add(newCerts.get(i));
      }
    }
    return out;
  }

  /** The CA that issues the org's identities once the new CAs are in: new intermediate, else root. */
  Optional<X509Certificate> addIssuing() {
    Optional<X509Certificate> root = Optional.empty();
    Optional<X509Certificate> inter = Optional.empty();
    for (int i = 0; i < newCas.size(); i++) {
      if (newCas.get(i).role() == CaRole.INTERMEDIATE) {
        inter = Optional.of(newCerts.get(i));
      } else if (newCas.get(i).role() == CaRole.ROOT) {
        root = Optional.of(newCerts.get(i));
      }
    }
    return inter.isPresent() ? inter : root;
  }

  /**
   * The CA that NodeOU pins move to at the retire step: the new issuing CA when one was given;
   * otherwise the one issuing CA the MSP keeps (its only intermediate, or its only root when it
   * has no intermediate); empty when that is not clear.
   */
  Optional<X509Certificate> retireIssuing(FabricMSPConfig f) {
    Optional<X509Certificate> given = addIssuing();
    if (given.isPresent()) {
      return given;
    }
    List<X509Certificate> inters = MspEdits.certs(f, CaRole.INTERMEDIATE).stream()
        .filter(c -> !Certs.contains(retired, c)).toList();
    List<X509Certificate> roots = MspEdits.certs(f, CaRole.ROOT).stream()
        .filter(c -> !Certs.contains(retired, c)).toList();
    if (inters.size() == 1) {
      return Optional.of(inters.get(0));
    }
    return inters.isEmpty() && roots.size() == 1 ? Optional.of(roots.get(0)) : Optional.empty();
  }

  /** The bytes a certificate was given as (a new CA's or a followed identity's file). */
  ByteString bytesOf(X509Certificate c) {
    for (int i = 0; i < newCerts.size(); i++) {
      if (Certs.same(newCerts.get(i), c)) {
        return newCas.get(i).certificate();
      }
    }
    for (int i = 0; i < identities.size(); i++) {
      if (Certs.same(identities.get(i), c)) {
        return identityBytes.get(i);
      }
    }
    return Certs.pem(c);
  }
}
