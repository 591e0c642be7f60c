package io.msp4j.testdata.idemix.differential;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.config.IdemixMspFolders;
import io.msp4j.core.FabricRelease;
import io.msp4j.core.Identity;
import io.msp4j.core.MspException;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.OrganizationalUnit;
import io.msp4j.idemix.IdemixMsp;
import io.msp4j.idemix.IdemixMsps;
import io.msp4j.testdata.DeterministicRandom;
import io.msp4j.testdata.idemix.differential.IdemixCorpus.IdentityCase;
import io.msp4j.testdata.idemix.differential.IdemixCorpus.SetupCase;
import io.msp4j.testdata.idemix.differential.IdemixCorpus.SignatureCase;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hyperledger.fabric.protos.common.CombinedPrincipal;
import org.hyperledger.fabric.protos.common.MSPIdentityAnonymity;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
import org.hyperledger.fabric.protos.common.MSPRole;
import org.hyperledger.fabric.protos.common.OrganizationUnit;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.hyperledger.fabric.protos.msp.SerializedIdemixIdentity;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;

/**
 * msp4j's answers to the questions idemixjudge asks Fabric, in the same terms: what
 * {@code IdemixMspFolders.read} gives for a folder, whether {@code IdemixMsps.setup} sets it up,
 * and for an identity deserialization, validation, the eleven principals, the identifier, the
 * OUs and the re-serialization; for a signature deserialization and verification. Each refusal
 * keeps msp4j's rule.
 */
final class Msp4jIdemixAnswers {
  private Msp4jIdemixAnswers() {}

  /** An answer: ok, or refused by a rule. */
  record Answer(boolean ok, String rule, String message) {
    static final Answer OK = new Answer(true, null, null);

    static Answer of(Runnable r) {
      try {
        r.run();
        return OK;
      } catch (MspException e) {
        return new Answer(false, e.rule(), e.getMessage());
      }
    }

    String verdict() {
      return ok ? "ok" : "refused(" + rule + ")";
    }
  }

  /** The folder read as msp4j's users read it, or the refusal. */
  record Read(MSPConfig config, Answer answer) {}

  static Read read(Path root, SetupCase c) {
    if (!c.isFolder()) {
      try {
        return new Read(MSPConfig.parseFrom(c.mspConfig()), Answer.OK);
      } catch (InvalidProtocolBufferException e) {
        throw new IllegalStateException(e);
      }
    }
    try {
      return new Read(IdemixMspFolders.read(IdemixCorpus.setupPath(root, c), c.mspId()), Answer.OK);
    } catch (MspSetupException e) {
      return new Read(null, new Answer(false, e.rule(), e.getMessage()));
    }
  }

  static Answer setup(Read read, SetupCase c, MspVersion version, FabricRelease release) {
    if (!read.answer().ok()) {
      return read.answer();
    }
    return Answer.of(() -> IdemixMsps.setup(read.config(), version, release,
        DeterministicRandom.fromSeed("idemix-diff/setup/" + c.name())));
  }

  static IdemixMsp verifier(MSPConfig config, MspVersion version, FabricRelease release) {
    return IdemixMsps.setup(config, version, release, DeterministicRandom.fromSeed("idemix-diff/verifier"));
  }

  /**
   * msp4j's answers about an identity, in the table's terms.
   *
   * @param deserialize the deserialization's answer (its rule when refused)
   * @param validate ok, invalid or -
   * @param principals one character per principal, o or x, or -
   * @param principalRules the rules of the principals refused
   */
  record IdentityAnswer(Answer deserialize, String validate, String validateRule, String principals,
      List<String> principalRules, String identifier, String ous, String serialized) {
    List<String> verdict() {
      return List.of(deserialize.ok() ? "ok" : "refused", validate, principals, identifier, ous, serialized);
    }
  }

  static IdentityAnswer identity(IdemixMsp msp, IdentityCase c) {
    byte[] raw = c.serialized();
    Identity[] holder = new Identity[1];
    Answer d = Answer.of(() -> holder[0] = msp.deserialize(raw));
    if (!d.ok()) {
      return new IdentityAnswer(d, "-", null, "-", List.of(), "-", "-", "-");
    }
    Identity id = holder[0];
    Answer v = Answer.of(() -> msp.validate(id));
    StringBuilder ps = new StringBuilder();
    List<String> rules = new ArrayList<>();
    for (MSPPrincipal p : principals(msp.id(), raw)) {
      Answer a = Answer.of(() -> msp.satisfies(id, p));
      ps.append(a.ok() ? 'o' : 'x');
      if (!a.ok()) {
        rules.add(a.rule());
      }
    }
    List<String> ous = new ArrayList<>();
    for (OrganizationalUnit ou : id.organizationalUnits()) {
      ous.add(ou.ou() + "@" + IdemixCorpus.fingerprint(ou.certifiersId()));
    }
    return new IdentityAnswer(d, v.ok() ? "ok" : "invalid", v.rule(), ps.toString(), rules, id.identifier().id(),
        ous.isEmpty() ? "-" : String.join(",", ous), IdemixCorpus.fingerprint(id.serialize()));
  }

  /** msp4j's answers about a signature: deserialization, then verification. */
  record SignatureAnswer(Answer deserialize, Answer verify) {
    List<String> verdict() {
      return List.of(deserialize.ok() ? "ok" : "refused", verify == null ? "-" : verify.ok() ? "ok" : "refused");
    }
  }

  static SignatureAnswer signature(IdemixMsp msp, SignatureCase c) {
    Identity[] holder = new Identity[1];
    Answer d = Answer.of(() -> holder[0] = msp.deserialize(c.identity()));
    if (!d.ok()) {
      return new SignatureAnswer(d, null);
    }
    return new SignatureAnswer(d, Answer.of(() -> holder[0].verify(c.message(), c.signature())));
  }

  /**
   * The principals idemixjudge asks about, built as it builds them: the five ROLEs of the MSP,
   * the OU the file claims and another, ANONYMOUS and NOMINAL, the IDENTITY of the file's own
   * bytes, and MEMBER combined with ANONYMOUS.
   */
  static List<MSPPrincipal> principals(String mspId, byte[] raw) {
    List<MSPPrincipal> out = new ArrayList<>();
    for (MSPRole.MSPRoleType r : List.of(MSPRole.MSPRoleType.MEMBER, MSPRole.MSPRoleType.ADMIN,
        MSPRole.MSPRoleType.CLIENT, MSPRole.MSPRoleType.PEER, MSPRole.MSPRoleType.ORDERER)) {
      out.add(role(mspId, r));
    }
    out.add(ou(mspId, claimedOu(raw)));
    out.add(ou(mspId, "other"));
    out.add(anonymity(MSPIdentityAnonymity.MSPIdentityAnonymityType.ANONYMOUS));
    out.add(anonymity(MSPIdentityAnonymity.MSPIdentityAnonymityType.NOMINAL));
    out.add(principal(MSPPrincipal.Classification.IDENTITY, ByteString.copyFrom(raw)));
    out.add(principal(MSPPrincipal.Classification.COMBINED, CombinedPrincipal.newBuilder()
        .addPrincipals(role(mspId, MSPRole.MSPRoleType.MEMBER))
        .addPrincipals(anonymity(MSPIdentityAnonymity.MSPIdentityAnonymityType.ANONYMOUS)).build().toByteString()));
    return out;
  }

  /** The OU string of the file itself, "" when any layer does not parse (Go's zero value). */
  static String claimedOu(byte[] raw) {
    try {
      SerializedIdentity si = SerializedIdentity.parseFrom(raw);
      SerializedIdemixIdentity ii = SerializedIdemixIdentity.parseFrom(si.getIdBytes());
      return OrganizationUnit.parseFrom(ii.getOu()).getOrganizationalUnitIdentifier();
    } catch (InvalidProtocolBufferException e) {
      return "";
    }
  }

  private static MSPPrincipal role(String mspId, MSPRole.MSPRoleType r) {
    return principal(MSPPrincipal.Classification.ROLE,
        MSPRole.newBuilder().setMspIdentifier(mspId).setRole(r).build().toByteString());
  }

  private static MSPPrincipal ou(String mspId, String ou) {
    return principal(MSPPrincipal.Classification.ORGANIZATION_UNIT, OrganizationUnit.newBuilder()
        .setMspIdentifier(mspId).setOrganizationalUnitIdentifier(ou).build().toByteString());
  }

  private static MSPPrincipal anonymity(MSPIdentityAnonymity.MSPIdentityAnonymityType t) {
    return principal(MSPPrincipal.Classification.ANONYMITY,
        MSPIdentityAnonymity.newBuilder().setAnonymityType(t).build().toByteString());
  }

  private static MSPPrincipal principal(MSPPrincipal.Classification c, ByteString bytes) {
    return MSPPrincipal.newBuilder().setPrincipalClassification(c).setPrincipal(bytes).build();
  }
}
