package io.msp4j.core.reload;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.core.CertificateRef;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.IdentityIdentifier;
import io.msp4j.core.Msp;
import io.msp4j.core.MspException;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.OrganizationalUnit;
import io.msp4j.core.Principal;
import io.msp4j.core.Reason;
import io.msp4j.core.SigningIdentity;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;

/**
 * A configuration for testing the reloading MSP without X.509: an identity is a name, and the
 * configuration lists the names it revokes. Its MSP behaves like the X.509 one where reloading
 * matters: it judges identities of other MSP objects too, and an identity keeps the first verdict
 * it was given by whichever MSP (CORE-07), so handing an identity to the wrong generation shows.
 */
record FakeConfig(String mspId, Set<String> revoked, String signer, boolean broken)
    implements Candidate<Msp> {
  static final AtomicInteger SETUPS = new AtomicInteger();

  static FakeConfig revoking(String... names) {
    return new FakeConfig("Org1MSP", Set.of(names), null, false);
  }

  FakeConfig withSigner(String name) {
    return new FakeConfig(mspId, revoked, name, broken);
  }

  FakeConfig unparsable() {
    return new FakeConfig(mspId, revoked, signer, true);
  }

  FakeConfig forMsp(String id) {
    return new FakeConfig(id, revoked, signer, broken);
  }

  static byte[] serialized(String mspId, String name) {
    return SerializedIdentity.newBuilder().setMspid(mspId).setIdBytes(ByteString.copyFromUtf8(name))
        .build().toByteArray();
  }

  @Override
  public boolean sameConfiguration(Candidate<Msp> applied) {
    return equals(applied);
  }

  @Override
  public Msp setUp() {
    SETUPS.incrementAndGet();
    if (broken) {
      throw new MspSetupException(Reason.CERTIFICATE_UNPARSABLE, "SETUP-PARSE-01",
          "cacerts/broken.pem (root_certs[0]): no PEM block found");
    }
    return new FakeMsp(this);
  }

  @Override
  public List<MspChange> changesSince(Candidate<Msp> previous) {
    Set<String> before = previous == null ? Set.of() : ((FakeConfig) previous).revoked;
    List<MspChange> changes = new ArrayList<>();
    for (String n : new TreeSet<>(revoked)) {
      if (!before.contains(n)) {
        changes.add(MspChange.of(MspChange.Kind.REVOKED_SERIALS, MspChange.Action.ADDED, n));
      }
    }
    for (String n : new TreeSet<>(before)) {
      if (!revoked.contains(n)) {
        changes.add(MspChange.of(MspChange.Kind.REVOKED_SERIALS, MspChange.Action.REMOVED, n));
      }
    }
    return changes;
  }

  static final class FakeMsp implements Msp {
    final FakeConfig config;

    FakeMsp(FakeConfig config) {
      this.config = config;
    }

    @Override
    public String id() {
      return config.mspId;
    }

    @Override
    public MspVersion version() {
      return MspVersion.V3_0;
    }

    @Override
    public Identity deserialize(byte[] serializedIdentity) {
      try {
        SerializedIdentity si = SerializedIdentity.parseFrom(serializedIdentity);
        if (!si.getMspid().equals(config.mspId)) {
          throw new IdentityException(Reason.MSP_ID_MISMATCH, "DESER-01", "other MSP", null);
        }
        return new FakeIdentity(this, si.getIdBytes().toStringUtf8());
      } catch (InvalidProtocolBufferException e) {
        throw new IdentityException(Reason.MALFORMED_IDENTITY, "DESER-01", "not protobuf", null);
      }
    }

    @Override
    public void validate(Identity identity) {
      if (!(identity instanceof FakeIdentity f)) {
        throw new IdentityException(Reason.NOT_AN_X509_IDENTITY, "VALIDATE-03", "not mine", null);
      }
      f.validateMemoised(this);
    }

    IdentityException verdict(FakeIdentity f) {
      return config.revoked.contains(f.name)
          ? new IdentityException(Reason.REVOKED, "VALIDATE-CRL-02", f.name + " is revoked", null)
          : null;
    }

    @Override
    public void satisfies(Identity identity, MSPPrincipal principal) {
      if (!principal.equals(Principal.Role.member(config.mspId).toProto())) {
        throw new IdentityException(Reason.PRINCIPAL_NOT_SATISFIED, "PRINCIPAL-01", "only MEMBER", null);
      }
      validate(identity);
    }

    @Override
    public SigningIdentity defaultSigningIdentity() {
      if (config.signer == null) {
        throw new MspException(Reason.NO_SIGNING_IDENTITY, "SETUP-SIGNER-05", "no signer");
      }
      return new FakeSigner(new FakeIdentity(this, config.signer));
    }

    @Override
    public void checkWellFormed(SerializedIdentity identity) {}

    @Override
    public List<byte[]> tlsRootCerts() {
      return List.of(config.toString().getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public List<byte[]> tlsIntermediateCerts() {
      return List.of();
    }
  }

  static class FakeIdentity implements Identity {
    final FakeMsp msp;
    final String name;
    private volatile Object verdict;

    FakeIdentity(FakeMsp msp, String name) {
      this.msp = msp;
      this.name = name;
    }

    synchronized void validateMemoised(FakeMsp validator) {
      if (verdict == null) {
        IdentityException e = validator.verdict(this);
        verdict = e == null ? Boolean.TRUE : e;
      }
      if (verdict instanceof IdentityException e) {
        throw e;
      }
    }

    @Override
    public String mspId() {
      return msp.id();
    }

    @Override
    public IdentityIdentifier identifier() {
      return new IdentityIdentifier(msp.id(), name);
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
      return List.of();
    }

    @Override
    public Instant expiresAt() {
      return Instant.EPOCH;
    }

    @Override
    public boolean anonymous() {
      return false;
    }

    @Override
    public byte[] serialize() {
      return serialized(msp.id(), name);
    }

    @Override
    public CertificateRef certificate() {
      return new CertificateRef("CN=" + name, "01", "CN=ca");
    }

    @Override
    public byte[] certificateDer() {
      return new byte[0];
    }

    @Override
    public void verify(byte[] message, byte[] signature) {}
  }

  /** Signs by writing its name and the message: enough to tell which key signed. */
  static final class FakeSigner extends FakeIdentity implements SigningIdentity {
    FakeSigner(FakeIdentity plain) {
      super(plain.msp, plain.name);
    }

    @Override
    public byte[] sign(byte[] message) {
      return (name + ":" + new String(message, StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public Identity publicVersion() {
      return new FakeIdentity(msp, name);
    }
  }
}
