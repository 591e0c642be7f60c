package io.msp4j.bench;

import com.google.protobuf.ByteString;
import io.msp4j.core.policy.SignedData;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.TestPki;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.Signature;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.bouncycastle.asn1.ASN1EncodableVector;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.asn1.DERSequence;
import org.bouncycastle.asn1.x9.ECNamedCurveTable;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.FabricNodeOUs;
import org.hyperledger.fabric.protos.msp.FabricOUIdentifier;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;

/**
 * A channel of {@code orgs} organisations for policy benchmarks: each with its own root CA and
 * NodeOUs on, and a pool of distinct peers, each of which has signed the same proposal response.
 * Signature set {@code i} holds one signature per organisation, by peer {@code i} of each, so
 * that cycling through the sets presents identities no cache has seen recently.
 */
final class PolicyFixtures {
  static final BigInteger P256_ORDER = ECNamedCurveTable.getByName("secp256r1").getN();

  final List<MSPConfig> mspConfigs;
  final List<String> mspIds;
  /** Per signature set, one signature per organisation. */
  final List<List<SignedData>> signatureSets;

  private PolicyFixtures(List<MSPConfig> mspConfigs, List<String> mspIds, List<List<SignedData>> signatureSets) {
    this.mspConfigs = mspConfigs;
    this.mspIds = mspIds;
    this.signatureSets = signatureSets;
  }

  static String mspId(int org) {
    return "Org" + (org + 1) + "MSP";
  }

  static PolicyFixtures build(int orgs, int peersPerOrg) {
    byte[] payload = new byte[2048];
    Arrays.fill(payload, (byte) 'p');
    List<MSPConfig> configs = new ArrayList<>();
    List<String> ids = new ArrayList<>();
    List<List<SignedData>> sets = new ArrayList<>();
    for (int i = 0; i < peersPerOrg; i++) {
      sets.add(new ArrayList<>());
    }
    try {
      BouncyCastleProvider bc = new BouncyCastleProvider();
      for (int o = 0; o < orgs; o++) {
        String domain = "org" + (o + 1) + ".example.com";
        TestPki pki = TestPki.seeded("policy-bench-" + o);
        IssuedCertificate root = pki.rootCa("C=US,O=" + domain + ",CN=ca." + domain);
        FabricNodeOUs.Builder nodeOus = FabricNodeOUs.newBuilder().setEnable(true)
            .setClientOuIdentifier(ou("client", root)).setPeerOuIdentifier(ou("peer", root))
            .setAdminOuIdentifier(ou("admin", root)).setOrdererOuIdentifier(ou("orderer", root));
        FabricMSPConfig conf = FabricMSPConfig.newBuilder().setName(mspId(o)).addRootCerts(pem(root))
            .setFabricNodeOus(nodeOus).build();
        configs.add(MSPConfig.newBuilder().setConfig(conf.toByteString()).build());
        ids.add(mspId(o));
        for (int i = 0; i < peersPerOrg; i++) {
          IssuedCertificate peer = pki.leaf("C=US,O=" + domain + ",OU=peer,CN=peer" + i + "." + domain, root);
          Signature signer = Signature.getInstance("SHA256withECDSA", bc);
          signer.initSign(peer.privateKey().orElseThrow());
          signer.update(payload);
          byte[] serialized = SerializedIdentity.newBuilder().setMspid(mspId(o)).setIdBytes(pem(peer)).build()
              .toByteArray();
          sets.get(i).add(SignedData.of(payload, serialized, lowS(signer.sign())));
        }
      }
    } catch (Exception e) {
      throw new IllegalStateException("cannot build the policy fixtures", e);
    }
    return new PolicyFixtures(List.copyOf(configs), List.copyOf(ids), sets.stream().map(List::copyOf).toList());
  }

  static byte[] lowS(byte[] der) throws java.io.IOException {
    ASN1Sequence seq = ASN1Sequence.getInstance(der);
    BigInteger r = ASN1Integer.getInstance(seq.getObjectAt(0)).getValue();
    BigInteger s = ASN1Integer.getInstance(seq.getObjectAt(1)).getValue();
    if (s.compareTo(P256_ORDER.shiftRight(1)) > 0) {
      s = P256_ORDER.subtract(s);
    }
    ASN1EncodableVector v = new ASN1EncodableVector();
    v.add(new ASN1Integer(r));
    v.add(new ASN1Integer(s));
    return new DERSequence(v).getEncoded();
  }

  private static FabricOUIdentifier ou(String name, IssuedCertificate ca) {
    return FabricOUIdentifier.newBuilder().setOrganizationalUnitIdentifier(name).setCertificate(pem(ca)).build();
  }

  private static ByteString pem(IssuedCertificate c) {
    return ByteString.copyFrom(c.pem(), StandardCharsets.US_ASCII);
  }
}
