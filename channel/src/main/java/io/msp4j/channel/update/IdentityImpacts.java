package io.msp4j.channel.update;

import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.core.Identity;
import io.msp4j.core.Msp;
import io.msp4j.core.MspException;
import io.msp4j.core.MspManager;
import io.msp4j.core.Principal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;

/**
 * The standing of known identities under two channel configurations: validity and the five roles
 * of their MSP, as the channel's MSPs judge them (Fabric's rules, so the roles are those a
 * {@code ROLE} principal in a policy would grant).
 */
public final class IdentityImpacts {
  private static final String[] ROLES = {"member", "admin", "client", "peer", "orderer"};

  private IdentityImpacts() {}

  /** One impact per known identity, in the given order, changed or not. */
  public static List<IdentityImpact> of(
      List<KnownIdentity> known, MspManager before, MspManager after) {
    List<IdentityImpact> out = new ArrayList<>(known.size());
    for (KnownIdentity k : known) {
      byte[] bytes = k.serialized();
      String mspId = "";
      try {
        mspId = SerializedIdentity.parseFrom(bytes).getMspid();
      } catch (InvalidProtocolBufferException e) {
        // Reported as invalid by both standings below.
      }
      IdentityStanding b = standing(bytes, before);
      // The same MSP object in both configs (an org the update left alone) judges alike.
      Msp was = before.msps().get(mspId);
      IdentityStanding a = was != null && was == after.msps().get(mspId)
          ? b : standing(bytes, after);
      out.add(new IdentityImpact(k.label(), mspId, subject(bytes, before, after), b, a));
    }
    return List.copyOf(out);
  }

  /**
   * Gives a bare certificate the MSP ID of the first MSP, over the managers in order, that accepts
   * it as a valid identity, or else the first that deserialises it.
   *
   * @return the serialized identity, or empty when no MSP recognises the certificate
   */
  public static java.util.Optional<byte[]> resolve(byte[] pem, MspManager... managers) {
    String deserialisable = null;
    for (MspManager m : managers) {
      for (Msp msp : m.msps().values()) {
        Identity id;
        try {
          id = msp.deserialize(serialized(msp.id(), pem));
        } catch (MspException e) {
          continue;
        }
        try {
          msp.validate(id);
          return java.util.Optional.of(serialized(msp.id(), pem));
        } catch (MspException e) {
          deserialisable = deserialisable == null ? msp.id() : deserialisable;
        }
      }
    }
    return java.util.Optional.ofNullable(deserialisable).map(id -> serialized(id, pem));
  }

  private static byte[] serialized(String mspId, byte[] pem) {
    return SerializedIdentity.newBuilder().setMspid(mspId)
        .setIdBytes(com.google.protobuf.ByteString.copyFrom(pem)).build().toByteArray();
  }

  /** The standing of one serialized identity in a channel's MSPs. */
  public static IdentityStanding standing(byte[] serialized, MspManager msps) {
    Identity id;
    try {
      id = msps.deserialize(serialized);
    } catch (MspException e) {
      return new IdentityStanding(false, "[" + e.rule() + "] " + e.detail(), Set.of());
    }
    Msp msp = msps.msps().get(id.mspId());
    String problem = "";
    try {
      msp.validate(id);
    } catch (MspException e) {
      problem = "[" + e.rule() + "] " + e.detail();
    }
    Set<String> roles = new LinkedHashSet<>();
    Map<String, Principal> principals = Map.of(
        "member", Principal.Role.member(id.mspId()),
        "admin", Principal.Role.admin(id.mspId()),
        "client", Principal.Role.client(id.mspId()),
        "peer", Principal.Role.peer(id.mspId()),
        "orderer", Principal.Role.orderer(id.mspId()));
    for (String r : ROLES) {
      try {
        if (msp.isSatisfied(id, principals.get(r))) {
          roles.add(r);
        }
      } catch (MspException e) {
        // A principal this MSP cannot evaluate is a role the identity does not have.
      }
    }
    return new IdentityStanding(problem.isEmpty(), problem, roles);
  }

  private static String subject(byte[] serialized, MspManager before, MspManager after) {
    for (MspManager m : new MspManager[] {before, after}) {
      try {
        return m.deserialize(serialized).certificate().subject();
      } catch (MspException e) {
        // Try the other config.
      }
    }
    return "";
  }
}
