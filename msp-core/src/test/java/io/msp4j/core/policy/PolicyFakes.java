package io.msp4j.core.policy;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.core.CertificateRef;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.IdentityIdentifier;
import io.msp4j.core.OrganizationalUnit;
import io.msp4j.core.Principal;
import io.msp4j.core.Reason;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
import org.hyperledger.fabric.protos.common.MSPRole;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;

/**
 * A world of fake identities for policy tests: an identity has an MSP ID, a name, roles and a
 * validity; it satisfies ROLE principals of its own MSP for its roles (MEMBER for any valid
 * identity) and verifies exactly the signature {@link #sign} makes. Deserialisation and
 * verification calls are recorded.
 */
final class PolicyFakes implements IdentityDeserializer {
  final Map<String, FakeIdentity> byName = new HashMap<>();
  final List<String> deserialized = Collections.synchronizedList(new ArrayList<>());
  final List<String> verified = Collections.synchronizedList(new ArrayList<>());

  /** A valid identity with these roles (MEMBER is implied). */
  FakeIdentity add(String mspId, String name, Principal.RoleType... roles) {
    return add(mspId, name, name, true, roles);
  }

  FakeIdentity add(String mspId, String name, String id, boolean valid, Principal.RoleType... roles) {
    Set<Principal.RoleType> set = EnumSet.of(Principal.RoleType.MEMBER, roles);
    FakeIdentity f = new FakeIdentity(this, mspId, name, id, valid, set);
    byName.put(name, f);
    return f;
  }

  static byte[] serialized(String mspId, String name) {
    return SerializedIdentity.newBuilder()
        .setMspid(mspId)
        .setIdBytes(ByteString.copyFromUtf8(name))
        .build()
        .toByteArray();
  }

  static byte[] sign(String name, byte[] data) {
    return ("signed by " + name + " over " + new String(data, StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8);
  }

  /** A good signature by {@code f} over {@code data}. */
  SignedData signed(FakeIdentity f, String data) {
    byte[] d = data.getBytes(StandardCharsets.UTF_8);
    return SignedData.of(d, serialized(f.mspId, f.name), sign(f.name, d));
  }

  /** A signature by {@code f} over {@code data} that does not verify. */
  SignedData badlySigned(FakeIdentity f, String data) {
    byte[] d = data.getBytes(StandardCharsets.UTF_8);
    return SignedData.of(d, serialized(f.mspId, f.name), "forged".getBytes(StandardCharsets.UTF_8));
  }

  /** A signature by an identity nobody knows. */
  static SignedData unknown(String mspId, String name) {
    return SignedData.of(new byte[] {1}, serialized(mspId, name), new byte[] {2});
  }

  @Override
  public Identity deserialize(byte[] serializedIdentity) {
    SerializedIdentity si;
    try {
      si = SerializedIdentity.parseFrom(serializedIdentity);
    } catch (InvalidProtocolBufferException e) {
      throw new IdentityException(Reason.MALFORMED_IDENTITY, "MGR-03", "not a SerializedIdentity", null);
    }
    String name = si.getIdBytes().toStringUtf8();
    deserialized.add(name);
    FakeIdentity f = byName.get(name);
    if (f == null || !f.mspId.equals(si.getMspid())) {
      throw new IdentityException(Reason.UNKNOWN_MSP, "MGR-03", "no identity " + si.getMspid() + "/" + name, null);
    }
    return f;
  }

  static final class FakeIdentity implements Identity {
    final PolicyFakes world;
    final String mspId;
    final String name;
    final String id;
    final boolean valid;
    final Set<Principal.RoleType> roles;

    FakeIdentity(PolicyFakes world, String mspId, String name, String id, boolean valid, Set<Principal.RoleType> roles) {
      this.world = world;
      this.mspId = mspId;
      this.name = name;
      this.id = id;
      this.valid = valid;
      this.roles = roles;
    }

    @Override
    public String mspId() {
      return mspId;
    }

    @Override
    public IdentityIdentifier identifier() {
      return new IdentityIdentifier(mspId, id);
    }

    @Override
    public void validate() {
      if (!valid) {
        throw new IdentityException(Reason.NO_CHAIN, "VALIDATE-01", name + " is not valid", certificate());
      }
    }

    @Override
    public void satisfies(MSPPrincipal principal) {
      if (principal.getPrincipalClassification() != MSPPrincipal.Classification.ROLE) {
        throw new IdentityException(Reason.PRINCIPAL_UNSUPPORTED, "PRINCIPAL-02", "only roles here", null);
      }
      MSPRole role;
      try {
        role = MSPRole.parseFrom(principal.getPrincipal());
      } catch (InvalidProtocolBufferException e) {
        throw new IdentityException(Reason.PRINCIPAL_MALFORMED, "PRINCIPAL-02", "bad role", null);
      }
      if (!role.getMspIdentifier().equals(mspId)) {
        throw new IdentityException(
            Reason.MSP_ID_MISMATCH, "PRINCIPAL-ROLE-01", "the principal names MSP " + role.getMspIdentifier(), null);
      }
      validate();
      if (roles.stream().noneMatch(r -> r.number() == role.getRoleValue())) {
        throw new IdentityException(Reason.PRINCIPAL_NOT_SATISFIED, "PRINCIPAL-ROLE-02", name + " lacks role " + role.getRole(), null);
      }
    }

    @Override
    public void verify(byte[] message, byte[] signature) {
      world.verified.add(name);
      if (!java.util.Arrays.equals(signature, sign(name, message))) {
        throw new IdentityException(Reason.SIGNATURE_INVALID, "VERIFY-03", "the signature does not verify", certificate());
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
      return serialized(mspId, name);
    }

    @Override
    public CertificateRef certificate() {
      return new CertificateRef("CN=" + name, "01", "CN=ca." + mspId);
    }

    @Override
    public byte[] certificateDer() {
      return new byte[0];
    }

    @Override
    public String toString() {
      return mspId + "/" + name;
    }
  }
}
