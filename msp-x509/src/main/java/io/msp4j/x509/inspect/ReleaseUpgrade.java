package io.msp4j.x509.inspect;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.core.FabricRelease;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.MspException;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Principal;
import io.msp4j.x509.SetupOptions;
import io.msp4j.x509.X509Msp;
import io.msp4j.x509.X509Msps;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;

/**
 * The upgrade check: which verdicts on an MSP change when the nodes judging it move from one
 * Fabric release to another at the same MSP version (a channel keeps its capabilities across the
 * move). The MSP is set up as each release sets it up; its admin certificates, its signing
 * certificate and any identities given are validated by both. Changes either way are reported:
 * what breaks (setups that fail, admins and identities that become invalid) and what starts to
 * pass, each with the failure of the side that refuses and the rule behind the difference (the
 * DELTA25 rules between the v2.5 and v3 lines, the REL rules between Go releases).
 *
 * @param from the release the nodes run now
 * @param to the release they move to
 * @param version the MSP version compared at
 * @param findings what changes, in configuration order; empty when nothing does, or when
 *     neither release can set the MSP up
 */
public record ReleaseUpgrade(
    FabricRelease from, FabricRelease to, MspVersion version, List<UpgradeFinding> findings) {
  public ReleaseUpgrade {
    Objects.requireNonNull(from, "from");
    Objects.requireNonNull(to, "to");
    Objects.requireNonNull(version, "version");
    findings = List.copyOf(findings);
  }

  /** The move msp4j checks unless told otherwise: newest v2.5 to the newest release. */
  public static final FabricRelease DEFAULT_FROM = FabricRelease.V2_5;

  /**
   * Whether the comparison means anything: both releases have the MSP version (v2.5 has no 3.0,
   * DELTA25-01).
   */
  public boolean applicable() {
    return from.supports(version) && to.supports(version);
  }

  /** The findings that break something that worked. */
  public List<UpgradeFinding> breaking() {
    return findings.stream().filter(f -> f.change().breaks()).toList();
  }

  /**
   * Compares v2.5's newest release with the default release on {@code config}; see {@link
   * #check(MSPConfig, MspVersion, SetupOptions, FabricRelease, FabricRelease, List)}.
   */
  public static ReleaseUpgrade check(MSPConfig config, MspVersion version, SetupOptions options) {
    return check(config, version, options, DEFAULT_FROM, FabricRelease.defaultRelease(), List.of());
  }

  /** As the full form, from v2.5's newest release to the default release. */
  public static ReleaseUpgrade check(
      MSPConfig config, MspVersion version, SetupOptions options, List<byte[]> identities) {
    return check(config, version, options, DEFAULT_FROM, FabricRelease.defaultRelease(),
        identities);
  }

  /**
   * Compares release {@code from}'s verdicts on {@code config} at MSP version {@code version}
   * with release {@code to}'s; the release in {@code options} is ignored, the rest (key store,
   * sources, crypto) is used for both. {@code identities} (PEM certificates of the org's peers,
   * users, orderers) are validated by both too, each change an entry {@code identities[i]}.
   */
  public static ReleaseUpgrade check(MSPConfig config, MspVersion version, SetupOptions options,
      FabricRelease from, FabricRelease to, List<byte[]> identities) {
    Objects.requireNonNull(config, "config");
    Objects.requireNonNull(identities, "identities");
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(options, "options");
    Objects.requireNonNull(from, "from");
    Objects.requireNonNull(to, "to");
    if (!from.supports(version) || !to.supports(version)) {
      return new ReleaseUpgrade(from, to, version, List.of());
    }
    X509Msp before = null;
    MspSetupException beforeFailure = null;
    try {
      before = X509Msps.setup(config, version, options.withRelease(from));
    } catch (MspSetupException e) {
      beforeFailure = e;
    }
    X509Msp after = null;
    MspSetupException afterFailure = null;
    try {
      after = X509Msps.setup(config, version, options.withRelease(to));
    } catch (MspSetupException e) {
      afterFailure = e;
    }
    Comparison c = new Comparison(from, to);
    if (before == null && after == null) {
      return new ReleaseUpgrade(from, to, version, List.of());
    }
    if (before == null || after == null) {
      MspSetupException e = before == null ? beforeFailure : afterFailure;
      UpgradeFinding.Change change = before == null
          ? UpgradeFinding.Change.SETUP_SUCCEEDS : UpgradeFinding.Change.SETUP_FAILS;
      String delta = c.lineChange() && nodeOus(config) ? "DELTA25-13" : c.deltaRule(e, change);
      return new ReleaseUpgrade(from, to, version, List.of(new UpgradeFinding(change, "MSP",
          Optional.empty(), e.reason(), e.rule(), e.detail(), delta)));
    }
    FabricMSPConfig fabric = fabric(config);
    List<UpgradeFinding> out = new ArrayList<>();
    for (int i = 0; i < fabric.getAdminsCount(); i++) {
      c.compare(before, after, fabric.getAdmins(i), "admins[" + i + "]", true)
          .ifPresent(out::add);
    }
    if (fabric.hasSigningIdentity() && !fabric.getSigningIdentity().getPublicSigner().isEmpty()) {
      c.compare(before, after, fabric.getSigningIdentity().getPublicSigner(),
          "signing_identity.public_signer", false).ifPresent(out::add);
    }
    for (int i = 0; i < identities.size(); i++) {
      c.compare(before, after, ByteString.copyFrom(identities.get(i)), "identities[" + i + "]",
          false).ifPresent(out::add);
    }
    return new ReleaseUpgrade(from, to, version, out);
  }

  private static FabricMSPConfig fabric(MSPConfig config) {
    try {
      return FabricMSPConfig.parseFrom(config.getConfig());
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalStateException("set up, yet not a FabricMSPConfig", e);
    }
  }

  private static boolean nodeOus(MSPConfig config) {
    try {
      FabricMSPConfig f = FabricMSPConfig.parseFrom(config.getConfig());
      return f.hasFabricNodeOus() && f.getFabricNodeOus().getEnable();
    } catch (InvalidProtocolBufferException e) {
      return false;
    }
  }

  private static final java.util.regex.Pattern REL_RULE =
      java.util.regex.Pattern.compile("REL-[A-Z0-9]+-\\d{2}");

  /** One move between two releases: compares verdicts and names the rule behind a change. */
  private record Comparison(FabricRelease from, FabricRelease to) {
    /** Whether the move crosses between the v2.5 and v3 lines (the DELTA25 rules). */
    boolean lineChange() {
      return from.isV2_5() != to.isV2_5();
    }

    /**
     * The rule behind a change whose refusing side failed with {@code e}: a REL rule when that
     * failure cites one, the change's DELTA25 rule across lines, else Appendix F at large.
     */
    String deltaRule(MspException e, UpgradeFinding.Change change) {
      if (e.rule().startsWith("REL-") || e.rule().startsWith("DELTA25-")) {
        return e.rule();
      }
      String detail = e.detail();
      java.util.regex.Matcher cited = REL_RULE.matcher(detail);
      if (cited.find()) {
        return cited.group(); // a wrapped chain failure, as sanitisation reports one
      }
      if (detail.contains("too many name constraint comparisons")) {
        return "REL-X509-04"; // the bound Go 1.26 dropped
      }
      if (detail.contains("unhandled critical extension") && (detail.contains("2.5.29.33")
          || detail.contains("2.5.29.36") || detail.contains("2.5.29.54"))) {
        return "REL-X509-05"; // policy extensions Go 1.24 handles
      }
      if (lineChange()) {
        return change.deltaRule();
      }
      return "Appendix F";
    }

    /** The finding for one certificate whose validity differs between the two, if it does. */
    Optional<UpgradeFinding> compare(
        X509Msp before, X509Msp after, ByteString pem, String entry, boolean admin) {
      byte[] serialized = SerializedIdentity.newBuilder().setMspid(before.id()).setIdBytes(pem)
          .build().toByteArray();
      Verdict was = Verdict.of(before, serialized);
      Verdict now = Verdict.of(after, serialized);
      if (was.valid() == now.valid()) {
        return Optional.empty();
      }
      boolean breaks = was.valid();
      UpgradeFinding.Change change = admin
          ? (breaks ? UpgradeFinding.Change.ADMIN_INVALID : UpgradeFinding.Change.ADMIN_VALID)
          : (breaks ? UpgradeFinding.Change.LEAF_REFUSED : UpgradeFinding.Change.LEAF_ACCEPTED);
      IdentityException failure = breaks ? now.failure() : was.failure();
      String message = failure.detail();
      if (admin && breaks) {
        message += keepsAdminRole(after, serialized)
            ? " (it keeps the ADMIN role)" : " (it loses the ADMIN role)";
      }
      return Optional.of(new UpgradeFinding(change, entry,
          failure.certificate().or(() -> (breaks ? was : now).certificate()), failure.reason(),
          failure.rule(), message, deltaRule(failure, change)));
    }
  }

  /** One release's verdict on one identity: valid, or the failure. */
  private record Verdict(Identity identity, IdentityException failure) {
    static Verdict of(X509Msp msp, byte[] serialized) {
      Identity id = null;
      try {
        id = msp.deserialize(serialized);
        msp.validate(id);
        return new Verdict(id, null);
      } catch (IdentityException e) {
        return new Verdict(id, e);
      }
    }

    boolean valid() {
      return failure == null;
    }

    Optional<io.msp4j.core.CertificateRef> certificate() {
      return identity == null ? Optional.empty() : Optional.of(identity.certificate());
    }
  }

  private static boolean keepsAdminRole(X509Msp msp, byte[] serialized) {
    try {
      return msp.isSatisfied(msp.deserialize(serialized),
          new Principal.Role(msp.id(), Principal.RoleType.ADMIN));
    } catch (IdentityException e) {
      return false;
    }
  }
}
