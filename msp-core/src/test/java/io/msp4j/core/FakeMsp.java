package io.msp4j.core;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
import org.hyperledger.fabric.protos.common.MSPRole;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;

/**
 * A minimal MSP for testing decorators: an identity is a name; names starting with "bad" do not
 * deserialise, names starting with "invalid" do not validate. ROLE MEMBER of this MSP needs a
 * valid identity; every other principal fails. Counts the calls it gets.
 */
final class FakeMsp implements Msp {
  final String id;
  final AtomicInteger deserializeCalls = new AtomicInteger();
  final AtomicInteger validateCalls = new AtomicInteger();
  final AtomicInteger satisfiesCalls = new AtomicInteger();
  final AtomicInteger wellFormedCalls = new AtomicInteger();

  FakeMsp(String id) {
    this.id = id;
  }

  static byte[] serialized(String mspId, String name) {
    return SerializedIdentity.newBuilder()
        .setMspid(mspId)
        .setIdBytes(ByteString.copyFromUtf8(name))
        .build()
        .toByteArray();
  }

  static MSPPrincipal member(String mspId) {
    return Principal.Role.member(mspId).toProto();
  }

  static MSPPrincipal role(String mspId, int role) {
    return MSPPrincipal.newBuilder()
        .setPrincipal(MSPRole.newBuilder().setMspIdentifier(mspId).setRoleValue(role).build().toByteString())
        .build();
  }

  @Override
  public String id() {
    return id;
  }

  @Override
  public MspVersion version() {
    return MspVersion.V3_0;
  }

  @Override
  public Identity deserialize(byte[] serializedIdentity) {
    deserializeCalls.incrementAndGet();
    SerializedIdentity si;
    try {
      si = SerializedIdentity.parseFrom(serializedIdentity);
    } catch (InvalidProtocolBufferException e) {
      throw new IdentityException(Reason.MALFORMED_IDENTITY, "DESER-01", "not a SerializedIdentity", null);
    }
    if (!si.getMspid().equals(id)) {
      throw new IdentityException(Reason.MSP_ID_MISMATCH, "DESER-01", "other MSP " + si.getMspid(), null);
    }
    String name = si.getIdBytes().toStringUtf8();
    if (name.startsWith("bad")) {
      throw new IdentityException(Reason.MALFORMED_IDENTITY, "DESER-01", "bad identity " + name, null);
    }
    return new FakeIdentity(this, name);
  }

  @Override
  public void validate(Identity identity) {
    validateCalls.incrementAndGet();
    if (!(identity instanceof FakeIdentity f) || f.msp != this) {
      throw new IdentityException(Reason.NOT_AN_X509_IDENTITY, "VALIDATE-03", "not mine: " + identity, null);
    }
    if (f.name.startsWith("invalid")) {
      throw new IdentityException(Reason.NO_CHAIN, "VALIDATE-01", "invalid " + f.name, null);
    }
  }

  @Override
  public void satisfies(Identity identity, MSPPrincipal principal) {
    satisfiesCalls.incrementAndGet();
    if (!principal.equals(member(id))) {
      throw new IdentityException(Reason.PRINCIPAL_NOT_SATISFIED, "PRINCIPAL-01", "only MEMBER is known", null);
    }
    validate(identity);
  }

  @Override
  public SigningIdentity defaultSigningIdentity() {
    throw new MspException(Reason.NO_SIGNING_IDENTITY, "SETUP-SIGNER-05", "no signer in " + id);
  }

  /** Well formed when the identity bytes do not start with "malformed". */
  @Override
  public void checkWellFormed(SerializedIdentity identity) {
    wellFormedCalls.incrementAndGet();
    if (identity.getIdBytes().toStringUtf8().startsWith("malformed")) {
      throw new IdentityException(Reason.NOT_WELL_FORMED, "WELLFORMED-01", "malformed", null);
    }
  }

  @Override
  public List<byte[]> tlsRootCerts() {
    return List.of();
  }

  @Override
  public List<byte[]> tlsIntermediateCerts() {
    return List.of();
  }

  static final class FakeIdentity implements Identity {
    final FakeMsp msp;
    final String name;

    FakeIdentity(FakeMsp msp, String name) {
      this.msp = msp;
      this.name = name;
    }

    @Override
    public String mspId() {
      return msp.id;
    }

    @Override
    public IdentityIdentifier identifier() {
      return new IdentityIdentifier(msp.id, HexFormat.of().formatHex(name.getBytes(StandardCharsets.UTF_8)));
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
    public void verify(byte[] message, byte[] signature) {
      if (signature.length == 0) {
        throw new IdentityException(Reason.SIGNATURE_MALFORMED, "VERIFY-02", "empty", null);
      }
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
      return serialized(msp.id, name);
    }

    @Override
    public CertificateRef certificate() {
      return new CertificateRef("CN=" + name, "01", "CN=ca");
    }

    @Override
    public byte[] certificateDer() {
      return new byte[0];
    }
  }
}
