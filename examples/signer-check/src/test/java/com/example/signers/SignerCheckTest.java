package com.example.signers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.config.MspFolderConfig;
import io.msp4j.config.MspFolders;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Reason;
import io.msp4j.core.SigningIdentity;
import io.msp4j.core.policy.PolicyResult;
import io.msp4j.core.policy.SignedData;
import io.msp4j.x509.SetupOptions;
import io.msp4j.x509.X509Msps;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The example against msp4j's committed sample organisations. */
class SignerCheckTest {
  private static final Path SAMPLE = Path.of("../../testdata/sample/peerOrganizations");
  private static final byte[] MESSAGE = "transfer 10 from A to B".getBytes(StandardCharsets.UTF_8);

  private final SignerCheck check = SignerCheck.ofFolders(Map.of(
      "Org1MSP", SAMPLE.resolve("org1.example.com/msp"),
      "Org2MSP", SAMPLE.resolve("org2.example.com/msp")));

  /** A node's own (local) MSP: signcerts and keystore. */
  private static SigningIdentity localSigner(String mspId, Path dir) {
    MspFolderConfig folder = MspFolders.readLocal(dir, mspId);
    return X509Msps.setup(folder.mspConfig(), MspVersion.V3_0,
        SetupOptions.defaults().withKeyStore(folder.keyStore()).withSources(folder.sources()))
        .defaultSigningIdentity();
  }

  @Test
  void aPeersSignatureIsAccepted() {
    SigningIdentity peer = localSigner("Org2MSP",
        SAMPLE.resolve("org2.example.com/peers/peer0.org2.example.com/msp"));
    Identity signer = check.signer(peer.serialize(), MESSAGE, peer.sign(MESSAGE));
    assertEquals("Org2MSP", signer.mspId());
    assertEquals("CN=peer0.org2.example.com,OU=peer,L=San Francisco,ST=California,C=US",
        signer.certificate().subject());
  }

  @Test
  void aRevokedUserIsRefusedWithTheRule() {
    SigningIdentity user2 = localSigner("Org2MSP",
        SAMPLE.resolve("org2.example.com/users/User2@org2.example.com/msp"));
    IdentityException e = assertThrows(IdentityException.class,
        () -> check.signer(user2.serialize(), MESSAGE, user2.sign(MESSAGE)));
    assertEquals(Reason.REVOKED, e.reason());
    assertEquals("VALIDATE-CRL-02", e.rule());
  }

  @Test
  void aSignatureOverOtherBytesIsRefused() {
    SigningIdentity user1 = localSigner("Org1MSP",
        SAMPLE.resolve("org1.example.com/users/User1@org1.example.com/msp"));
    byte[] other = "transfer 99 from A to B".getBytes(StandardCharsets.UTF_8);
    assertThrows(IdentityException.class, () -> check.signer(user1.serialize(), MESSAGE, user1.sign(other)));
  }

  private static SignedData endorsement(SigningIdentity signer) {
    return SignedData.of(MESSAGE, signer.serialize(), signer.sign(MESSAGE));
  }

  @Test
  void peersOfBothOrganisationsSatisfyAnAndPolicy() {
    SigningIdentity peer1 = localSigner("Org1MSP", SAMPLE.resolve("org1.example.com/peers/peer0.org1.example.com/msp"));
    SigningIdentity peer2 = localSigner("Org2MSP", SAMPLE.resolve("org2.example.com/peers/peer0.org2.example.com/msp"));
    String policy = "AND('Org1MSP.peer', 'Org2MSP.peer')";

    PolicyResult both = check.endorsement(policy, List.of(endorsement(peer1), endorsement(peer2)));
    assertTrue(both.satisfied(), both.reason());

    PolicyResult one = check.endorsement(policy, List.of(endorsement(peer1)));
    assertFalse(one.satisfied());
    assertTrue(one.reason().contains("Org2MSP"), one.reason());
  }

  @Test
  void aRevokedMemberDoesNotCount() {
    SigningIdentity user2 = localSigner("Org2MSP",
        SAMPLE.resolve("org2.example.com/users/User2@org2.example.com/msp"));
    SigningIdentity user1 = localSigner("Org2MSP",
        SAMPLE.resolve("org2.example.com/users/User1@org2.example.com/msp"));
    assertFalse(check.endorsement("OR('Org2MSP.member')", List.of(endorsement(user2))).satisfied());
    assertTrue(check.endorsement("OR('Org2MSP.member')", List.of(endorsement(user1))).satisfied());
  }
}
