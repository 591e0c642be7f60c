package io.msp4j.x509.inspect;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.core.FabricRelease;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
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
 * The upgrade check: which verdicts on an MSP change when the nodes judging it move from Fabric
 * v2.5 to v3.0 at the same MSP version (a channel keeps its capabilities across the upgrade). The
 * MSP is set up as each release sets it up; its admin certificates and its signing certificate are
 * validated by both. Only what v2.5 accepts and v3.0 refuses is reported: setups that fail, admins
 * that become invalid, identities that v3.0 refuses (the DELTA25 rules).
 *
 * @param version the MSP version compared at
 * @param findings what breaks, in configuration order; empty when nothing does, or when v2.5
 *     cannot set the MSP up at all
 */
public record ReleaseUpgrade(MspVersion version, List<UpgradeFinding> findings) {
  public ReleaseUpgrade {
    Objects.requireNonNull(version, "version");
    findings = List.copyOf(findings);
  }

  /**
   * Whether the comparison means anything: MSP version 3.0 does not exist in Fabric v2.5
   * (DELTA25-01), so an MSP at 3.0 has no v2.5 verdicts to lose.
   */
  public boolean applicable() {
    return FabricRelease.V2_5.supports(version);
  }

  /**
   * Compares the two releases' verdicts on {@code config} at MSP version {@code version}; the
   * release in {@code options} is ignored, the rest (key store, sources, crypto) is used for both.
   */
  public static ReleaseUpgrade check(MSPConfig config, MspVersion version, SetupOptions options) {
    return check(config, version, options, List.of());
  }

  /**
   * As {@link #check(MSPConfig, MspVersion, SetupOptions)}, also validating {@code identities}
   * (PEM certificates of the org's peers, users, orderers) with both releases: each one v2.5
   * finds valid and v3.0 refuses is a {@link UpgradeFinding.Change#LEAF_REFUSED}, its entry
   * {@code identities[i]}.
   */
  public static ReleaseUpgrade check(
      MSPConfig config, MspVersion version, SetupOptions options, List<byte[]> identities) {
    Objects.requireNonNull(config, "config");
    Objects.requireNonNull(identities, "identities");
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(options, "options");
    if (!FabricRelease.V2_5.supports(version)) {
      return new ReleaseUpgrade(version, List.of());
    }
    X509Msp before;
    try {
      before = X509Msps.setup(config, version, options.withRelease(FabricRelease.V2_5));
    } catch (MspSetupException e) {
      return new ReleaseUpgrade(version, List.of());
    }
    FabricMSPConfig fabric;
    try {
      fabric = FabricMSPConfig.parseFrom(config.getConfig());
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalStateException("set up by v2.5, yet not a FabricMSPConfig", e);
    }
    X509Msp after;
    try {
      after = X509Msps.setup(config, version, options.withRelease(FabricRelease.V3_0));
    } catch (MspSetupException e) {
      boolean nodeOus = fabric.hasFabricNodeOus() && fabric.getFabricNodeOus().getEnable();
      return new ReleaseUpgrade(version, List.of(new UpgradeFinding(UpgradeFinding.Change.SETUP_FAILS,
          "MSP", Optional.empty(), e.reason(), e.rule(), e.detail(),
          nodeOus ? "DELTA25-13" : UpgradeFinding.Change.SETUP_FAILS.deltaRule())));
    }
    List<UpgradeFinding> out = new ArrayList<>();
    for (int i = 0; i < fabric.getAdminsCount(); i++) {
      compare(before, after, fabric.getAdmins(i), "admins[" + i + "]",
          UpgradeFinding.Change.ADMIN_INVALID).ifPresent(out::add);
    }
    if (fabric.hasSigningIdentity() && !fabric.getSigningIdentity().getPublicSigner().isEmpty()) {
      compare(before, after, fabric.getSigningIdentity().getPublicSigner(),
          "signing_identity.public_signer", UpgradeFinding.Change.LEAF_REFUSED).ifPresent(out::add);
    }
    for (int i = 0; i < identities.size(); i++) {
      compare(before, after, ByteString.copyFrom(identities.get(i)), "identities[" + i + "]",
          UpgradeFinding.Change.LEAF_REFUSED).ifPresent(out::add);
    }
    return new ReleaseUpgrade(version, out);
  }

  /** The finding for one certificate valid before and invalid after, if it is. */
  private static Optional<UpgradeFinding> compare(
      X509Msp before, X509Msp after, ByteString pem, String entry, UpgradeFinding.Change change) {
    byte[] serialized = SerializedIdentity.newBuilder().setMspid(before.id()).setIdBytes(pem)
        .build().toByteArray();
    Identity was;
    try {
      was = before.deserialize(serialized);
      before.validate(was);
    } catch (IdentityException e) {
      return Optional.empty();
    }
    try {
      after.validate(after.deserialize(serialized));
      return Optional.empty();
    } catch (IdentityException e) {
      String message = e.detail();
      if (change == UpgradeFinding.Change.ADMIN_INVALID) {
        message += keepsAdminRole(after, serialized)
            ? " (it keeps the ADMIN role)" : " (it loses the ADMIN role)";
      }
      return Optional.of(new UpgradeFinding(change, entry,
          Optional.of(e.certificate().orElse(was.certificate())), e.reason(), e.rule(), message,
          change.deltaRule()));
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
