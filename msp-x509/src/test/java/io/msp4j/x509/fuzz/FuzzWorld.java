package io.msp4j.x509.fuzz;

import com.google.protobuf.ByteString;
import io.msp4j.core.CachingMsp;
import io.msp4j.core.MspManager;
import io.msp4j.core.MspVersion;
import io.msp4j.core.SigningIdentity;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.IssuedCrl;
import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.testdata.TestPki;
import io.msp4j.x509.CryptoBackend;
import io.msp4j.x509.KeyStoreEntry;
import io.msp4j.x509.SetupOptions;
import io.msp4j.x509.X509Msp;
import io.msp4j.x509.X509Msps;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.FabricNodeOUs;
import org.hyperledger.fabric.protos.msp.FabricOUIdentifier;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.hyperledger.fabric.protos.msp.SigningIdentityInfo;

/**
 * The organisations the fuzz targets and the stress test work on, built once from the testdata
 * generator: {@code Org1MSP} with a root, an intermediate CA, a CRL of that intermediate, NodeOUs,
 * and leaves of every kind (P-256, P-384 and Ed25519 keys, a revoked one, one issued by the root
 * directly, one with two NodeOUs); {@code Org2MSP} with a root and one peer. Each organisation is
 * set up three ways that must agree on every input: plain, with the Bouncy Castle backend, and
 * behind a small {@link CachingMsp} whose caches are always full.
 */
public final class FuzzWorld {
  public static final String ORG1 = "Org1MSP";
  public static final String ORG2 = "Org2MSP";

  /** Identities of Org1 (index = position), then Org2's peer. */
  public final List<IssuedCertificate> leaves = new ArrayList<>();
  /** Signing identities for the first {@link #SIGNERS} leaves. */
  public final List<SigningIdentity> signers = new ArrayList<>();
  public static final int SIGNERS = 5;

  public final IssuedCertificate root1;
  public final IssuedCertificate ica1;
  public final IssuedCertificate root2;
  public final IssuedCrl crl;
  public final MSPConfig org1Config;
  public final MSPConfig org2Config;
  public final X509Msp org1;
  public final X509Msp org1Bc;
  public final CachingMsp org1Cached;
  public final X509Msp org2;
  public final CachingMsp org2Cached;
  public final MspManager manager;
  public final MspManager cachedManager;

  private static final FuzzWorld INSTANCE = new FuzzWorld();

  /** The shared world (immutable once built). */
  public static FuzzWorld get() {
    return INSTANCE;
  }

  private FuzzWorld() {
    TestPki pki = TestPki.seeded("fuzz-world");
    root1 = pki.rootCa("C=US,O=org1.example.com,CN=ca.org1.example.com");
    ica1 = pki.intermediateCa("C=US,O=org1.example.com,CN=ica.org1.example.com", root1);
    IssuedCertificate peer = leaf(pki, ica1, "CN=peer0,OU=peer", KeyAlgorithm.EC_P256);
    IssuedCertificate client = leaf(pki, ica1, "CN=user1,OU=client", KeyAlgorithm.EC_P384);
    IssuedCertificate admin = leaf(pki, ica1, "CN=admin,OU=admin", KeyAlgorithm.EC_P256);
    IssuedCertificate ed = leaf(pki, ica1, "CN=ed-peer,OU=peer", KeyAlgorithm.ED25519);
    IssuedCertificate orderer = leaf(pki, ica1, "CN=orderer0,OU=orderer", KeyAlgorithm.EC_P256);
    IssuedCertificate revoked = leaf(pki, ica1, "CN=revoked,OU=peer", KeyAlgorithm.EC_P256);
    IssuedCertificate byRoot = leaf(pki, root1, "CN=by-root,OU=peer", KeyAlgorithm.EC_P256);
    IssuedCertificate twoOus = leaf(pki, ica1, "CN=two,OU=peer,OU=client", KeyAlgorithm.EC_P256);
    IssuedCertificate noOu = leaf(pki, ica1, "CN=none", KeyAlgorithm.EC_P256);
    leaves.addAll(List.of(peer, client, admin, ed, orderer, revoked, byRoot, twoOus, noOu));
    crl = pki.crl(ica1).revoke(revoked).build();

    root2 = pki.rootCa("C=US,O=org2.example.com,CN=ca.org2.example.com");
    IssuedCertificate peer2 = leaf(pki, root2, "CN=peer0.org2,OU=peer", KeyAlgorithm.EC_P256);
    leaves.add(peer2);

    FabricMSPConfig.Builder c1 = FabricMSPConfig.newBuilder().setName(ORG1)
        .addRootCerts(pem(root1))
        .addIntermediateCerts(pem(ica1))
        .addAdmins(pem(admin))
        .addRevocationList(ByteString.copyFrom(crl.pem(), StandardCharsets.US_ASCII))
        .setFabricNodeOus(FabricNodeOUs.newBuilder().setEnable(true)
            .setClientOuIdentifier(ou("client"))
            .setPeerOuIdentifier(ou("peer"))
            .setAdminOuIdentifier(ou("admin"))
            .setOrdererOuIdentifier(ou("orderer")));
    org1Config = config(c1.build());
    org2Config = config(FabricMSPConfig.newBuilder().setName(ORG2).addRootCerts(pem(root2))
        .setFabricNodeOus(FabricNodeOUs.newBuilder().setEnable(true)
            .setClientOuIdentifier(ou("client")).setPeerOuIdentifier(ou("peer"))
            .setAdminOuIdentifier(ou("admin")).setOrdererOuIdentifier(ou("orderer")))
        .build());
    org1 = X509Msps.setup(org1Config, MspVersion.V3_0);
    org1Bc = X509Msps.setup(org1Config, MspVersion.V3_0,
        SetupOptions.defaults().withCrypto(CryptoBackend.BOUNCY_CASTLE));
    org1Cached = CachingMsp.wrap(X509Msps.setup(org1Config, MspVersion.V3_0), 4);
    org2 = X509Msps.setup(org2Config, MspVersion.V3_0);
    org2Cached = CachingMsp.wrap(X509Msps.setup(org2Config, MspVersion.V3_0), 4);
    manager = MspManager.of(List.of(org1, org2));
    cachedManager = MspManager.of(List.of(org1Cached, org2Cached));

    for (int i = 0; i < SIGNERS; i++) {
      signers.add(localMsp(c1, leaves.get(i)).defaultSigningIdentity());
    }
  }

  private static X509Msp localMsp(FabricMSPConfig.Builder base, IssuedCertificate signer) {
    FabricMSPConfig conf = base.clone()
        .setSigningIdentity(SigningIdentityInfo.newBuilder().setPublicSigner(pem(signer)))
        .build();
    KeyStoreEntry key = new KeyStoreEntry.Private(signer.privateKey().orElseThrow(), "generated");
    return X509Msps.setup(config(conf), MspVersion.V3_0,
        SetupOptions.defaults().withKeyStore(ski -> Optional.of(key)));
  }

  private static IssuedCertificate leaf(TestPki pki, IssuedCertificate issuer, String dn, KeyAlgorithm alg) {
    return pki.certificate().subject(dn + ",O=" + issuerOrg(issuer) + ",C=US").issuer(issuer).leaf()
        .keyAlgorithm(alg).build();
  }

  private static String issuerOrg(IssuedCertificate issuer) {
    return issuer.subject().toString().contains("org2") ? "org2.example.com" : "org1.example.com";
  }

  private static FabricOUIdentifier ou(String name) {
    return FabricOUIdentifier.newBuilder().setOrganizationalUnitIdentifier(name).build();
  }

  private static ByteString pem(IssuedCertificate c) {
    return ByteString.copyFrom(c.pem(), StandardCharsets.US_ASCII);
  }

  private static MSPConfig config(FabricMSPConfig c) {
    return MSPConfig.newBuilder().setConfig(c.toByteString()).build();
  }

  /** The serialized identity of leaf {@code i} under its own MSP ID. */
  public byte[] serialized(int i) {
    return serialized(i == leaves.size() - 1 ? ORG2 : ORG1, leaves.get(i).pem().getBytes(StandardCharsets.US_ASCII));
  }

  /** A serialized identity. */
  public static byte[] serialized(String mspId, byte[] idBytes) {
    return SerializedIdentity.newBuilder().setMspid(mspId).setIdBytes(ByteString.copyFrom(idBytes)).build()
        .toByteArray();
  }
}
