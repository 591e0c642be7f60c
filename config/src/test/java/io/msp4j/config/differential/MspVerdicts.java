package io.msp4j.config.differential;

import com.google.protobuf.ByteString;
import io.msp4j.config.MspFolders;
import io.msp4j.core.FabricRelease;
import io.msp4j.core.Identity;
import io.msp4j.core.MspException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.OrganizationalUnit;
import io.msp4j.core.Principal;
import io.msp4j.testdata.differential.DifferentialCase;
import io.msp4j.x509.SetupOptions;
import io.msp4j.x509.X509Msp;
import io.msp4j.x509.X509Msps;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;

/**
 * msp4j's verdicts on a differential case, one line per identity in the form of the Fabric table:
 * case, identity file, deserialisation (ok / deserialize-err), validation (valid / invalid / -),
 * satisfied roles (MACPO, - where not), OUs (hex OU / hex certifiers id, comma separated, or -).
 * A case whose MSP cannot be set up gives the single line {@code case - setup err}.
 */
final class MspVerdicts {
  private MspVerdicts() {}

  static List<String> of(DifferentialCase c, Path workDir) {
    return of(c, workDir, FabricRelease.V3_0);
  }

  /**
   * msp4j's verdicts as Fabric release {@code release} gives them; none for an MSP version the
   * release does not have (DELTA25-01), for which the Fabric table has no line either.
   */
  static List<String> of(DifferentialCase c, Path workDir, FabricRelease release) {
    Path dir = c.writeTo(workDir);
    List<String> out = new ArrayList<>();
    MspVersion version = MspVersion.parse(c.version());
    if (!release.supports(version)) {
      return out;
    }
    X509Msp msp;
    try {
      msp = X509Msps.setup(MspFolders.readVerifying(dir.resolve("msp"), c.mspId()).mspConfig(),
          version, SetupOptions.defaults().withRelease(release));
    } catch (MspException e) {
      out.add(c.name() + "\t-\tsetup\terr");
      return out;
    }
    out.add(c.name() + "\t-\tsetup\tok");
    for (DifferentialCase.IdentityFile f : c.identities()) {
      out.add(c.name() + "\t" + f.name() + "\t" + identity(msp, c.mspId(), f.content()));
    }
    return out;
  }

  private static String identity(X509Msp msp, String mspId, byte[] content) {
    byte[] serialized = SerializedIdentity.newBuilder().setMspid(mspId)
        .setIdBytes(ByteString.copyFrom(content)).build().toByteArray();
    Identity identity;
    try {
      identity = msp.deserialize(serialized);
    } catch (MspException e) {
      return "deserialize-err\t-\t-\t-";
    }
    String valid = "valid";
    try {
      msp.validate(identity);
    } catch (MspException e) {
      valid = "invalid";
    }
    StringBuilder roles = new StringBuilder();
    String letters = "MACPO";
    Principal.RoleType[] types = {Principal.RoleType.MEMBER, Principal.RoleType.ADMIN,
        Principal.RoleType.CLIENT, Principal.RoleType.PEER, Principal.RoleType.ORDERER};
    for (int i = 0; i < types.length; i++) {
      boolean ok = msp.isSatisfied(identity, new Principal.Role(mspId, types[i]));
      roles.append(ok ? letters.charAt(i) : '-');
    }
    List<String> ous = new ArrayList<>();
    for (OrganizationalUnit ou : identity.organizationalUnits()) {
      ous.add(HexFormat.of().formatHex(io.msp4j.x509.internal.cert.GoStrings.toBytes(ou.ou()))
          + "/" + ou.certifiersIdHex());
    }
    return "ok\t" + valid + "\t" + roles + "\t" + (ous.isEmpty() ? "-" : String.join(",", ous));
  }
}
