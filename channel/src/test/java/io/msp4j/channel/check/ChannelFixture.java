package io.msp4j.channel.check;

import com.google.protobuf.ByteString;
import io.msp4j.core.Msp;
import io.msp4j.core.MspManager;
import io.msp4j.core.MspVersion;
import io.msp4j.core.SigningIdentity;
import io.msp4j.core.policy.ImplicitMetaPolicies;
import io.msp4j.core.policy.Policy;
import io.msp4j.core.policy.PolicyDsl;
import io.msp4j.core.policy.SignaturePolicies;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.TestPki;
import io.msp4j.x509.X509Msps;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.FabricNodeOUs;
import org.hyperledger.fabric.protos.msp.FabricOUIdentifier;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.hyperledger.fabric.protos.msp.SigningIdentityInfo;

/**
 * A small channel: an orderer organisation and two peer organisations, each with NodeOUs, their
 * channel MSPs in one manager, signing identities for an orderer, peers and a client, a peer of
 * Org2 revoked by Org2's CRL, and Fabric's default block validation policy: {@code ANY Writers}
 * over the orderer organisations, whose Writers policy is {@code OR('OrdererMSP.member')}.
 */
final class ChannelFixture {
  static final String CHANNEL = "mychannel";

  private final TestPki pki = TestPki.seeded("signer-checks");
  private final IssuedCertificate ordererCa = pki.rootCa("C=US,O=example.com,CN=ca.example.com");
  private final IssuedCertificate org1Ca = pki.rootCa("C=US,O=org1.example.com,CN=ca.org1.example.com");
  private final IssuedCertificate org2Ca = pki.rootCa("C=US,O=org2.example.com,CN=ca.org2.example.com");

  final IssuedCertificate ordererCert = leaf("OU=orderer,CN=orderer.example.com", ordererCa);
  final IssuedCertificate peer1Cert = leaf("OU=peer,CN=peer0.org1.example.com", org1Ca);
  final IssuedCertificate peer2Cert = leaf("OU=peer,CN=peer0.org2.example.com", org2Ca);
  final IssuedCertificate revokedPeerCert = leaf("OU=peer,CN=peer1.org2.example.com", org2Ca);
  final IssuedCertificate clientCert = leaf("OU=client,CN=User1@org1.example.com", org1Ca);

  final MspManager channel = MspManager.of(List.of(
      channelMsp("OrdererMSP", ordererCa, null),
      channelMsp("Org1MSP", org1Ca, null),
      channelMsp("Org2MSP", org2Ca, pki.crl(org2Ca).revoke(revokedPeerCert).build().pem())));

  final SigningIdentity orderer = signer("OrdererMSP", ordererCa, ordererCert);
  final SigningIdentity peer1 = signer("Org1MSP", org1Ca, peer1Cert);
  final SigningIdentity peer2 = signer("Org2MSP", org2Ca, peer2Cert);
  final SigningIdentity revokedPeer = signer("Org2MSP", org2Ca, revokedPeerCert);
  final SigningIdentity client = signer("Org1MSP", org1Ca, clientCert);

  /** /Channel/Orderer/BlockValidation: ANY Writers, the orderer org's Writers being OR('OrdererMSP.member'). */
  final Policy blockValidation = ImplicitMetaPolicies.compile(ImplicitMetaPolicies.parse("ANY Writers"),
      Map.of("OrdererOrg", SignaturePolicies.compile(PolicyDsl.compile("OR('OrdererMSP.member')"),
          channel::deserialize)));

  final SignerChecks checks = SignerChecks.of(channel::deserialize, blockValidation).forChannel(CHANNEL);

  private IssuedCertificate leaf(String dn, IssuedCertificate ca) {
    return pki.leaf("C=US," + dn, ca);
  }

  private static FabricMSPConfig.Builder config(String mspId, IssuedCertificate ca) {
    FabricOUIdentifier.Builder ou = FabricOUIdentifier.newBuilder();
    return FabricMSPConfig.newBuilder()
        .setName(mspId)
        .addRootCerts(pem(ca))
        .setFabricNodeOus(FabricNodeOUs.newBuilder().setEnable(true)
            .setClientOuIdentifier(ou.setOrganizationalUnitIdentifier("client").build())
            .setPeerOuIdentifier(ou.setOrganizationalUnitIdentifier("peer").build())
            .setAdminOuIdentifier(ou.setOrganizationalUnitIdentifier("admin").build())
            .setOrdererOuIdentifier(ou.setOrganizationalUnitIdentifier("orderer").build()));
  }

  private static Msp channelMsp(String mspId, IssuedCertificate ca, String crlPem) {
    FabricMSPConfig.Builder c = config(mspId, ca);
    if (crlPem != null) {
      c.addRevocationList(ByteString.copyFrom(crlPem, StandardCharsets.US_ASCII));
    }
    return X509Msps.setup(msp(c), MspVersion.V3_0);
  }

  /** The node's own MSP, whose signing identity signs as the node does (low-S ECDSA). */
  private static SigningIdentity signer(String mspId, IssuedCertificate ca, IssuedCertificate cert) {
    FabricMSPConfig.Builder c = config(mspId, ca).setSigningIdentity(SigningIdentityInfo.newBuilder()
        .setPublicSigner(pem(cert))
        .setPrivateSigner(org.hyperledger.fabric.protos.msp.KeyInfo.newBuilder()
            .setKeyMaterial(ByteString.copyFrom(cert.pkcs8Pem(), StandardCharsets.US_ASCII))));
    return X509Msps.setup(msp(c), MspVersion.V3_0).defaultSigningIdentity();
  }

  private static MSPConfig msp(FabricMSPConfig.Builder c) {
    return MSPConfig.newBuilder().setType(0).setConfig(c.build().toByteString()).build();
  }

  private static ByteString pem(IssuedCertificate c) {
    return ByteString.copyFrom(c.pem(), StandardCharsets.US_ASCII);
  }
}
