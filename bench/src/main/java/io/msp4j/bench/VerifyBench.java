package io.msp4j.bench;

import com.google.protobuf.ByteString;
import io.msp4j.core.Identity;
import io.msp4j.core.MspVersion;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.TestPki;
import io.msp4j.x509.CryptoBackend;
import io.msp4j.x509.SetupOptions;
import io.msp4j.x509.X509Msp;
import io.msp4j.x509.X509Msps;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.io.ByteArrayInputStream;
import java.security.KeyFactory;
import java.security.Provider;
import java.security.PublicKey;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.bouncycastle.asn1.ASN1EncodableVector;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.asn1.DERSequence;
import org.bouncycastle.asn1.x9.ECNamedCurveTable;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@code Identity.verify} of a low-S ECDSA P-256 signature over a 1 KiB message (SHA-256), with
 * the native provider (Conscrypt, when it loads here) and with Bouncy Castle's lightweight API;
 * and the baseline, Bouncy Castle through the JCA as Java code usually calls it: {@code
 * SHA256withECDSA} from a local Bouncy Castle provider, with the public key of the certificate as
 * the JDK's certificate factory returns it. {@link #p256JcaBouncyCastleKey} is the same with a
 * Bouncy Castle key object reused, which lets Bouncy Castle keep its own precomputation. Fabric
 * v2.5: 108 µs; {@code openssl speed ecdsap256} gives the native limit.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
@State(Scope.Benchmark)
public class VerifyBench {
  private static final String MSP_ID = "Org1MSP";

  Identity nativeIdentity;
  Identity bcIdentity;
  byte[] message;
  byte[] signature;
  /** {@link #DISTINCT} messages of 1 KiB and their low-S signatures by the same key. */
  byte[][] messages;
  byte[][] signatures;
  int next;
  static final int DISTINCT = 512;
  Provider bcProvider;
  PublicKey certificateKey;
  PublicKey bcKey;

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    TestPki pki = TestPki.seeded("verify-bench");
    IssuedCertificate root = pki.rootCa("C=US,O=org1.example.com,CN=ca.org1.example.com");
    IssuedCertificate leaf = pki.leaf("C=US,O=org1.example.com,OU=client,CN=user1", root);
    message = new byte[1024];
    Arrays.fill(message, (byte) 'm');
    bcProvider = new BouncyCastleProvider();
    Signature signer = Signature.getInstance("SHA256withECDSA", bcProvider);
    signer.initSign(leaf.privateKey().orElseThrow());
    signer.update(message);
    signature = lowS(signer.sign());
    messages = new byte[DISTINCT][];
    signatures = new byte[DISTINCT][];
    for (int i = 0; i < DISTINCT; i++) {
      messages[i] = message.clone();
      messages[i][0] = (byte) i;
      messages[i][1] = (byte) (i >> 8);
      signer.initSign(leaf.privateKey().orElseThrow());
      signer.update(messages[i]);
      signatures[i] = lowS(signer.sign());
    }
    certificateKey = CertificateFactory.getInstance("X.509")
        .generateCertificate(new ByteArrayInputStream(leaf.der())).getPublicKey();
    bcKey = KeyFactory.getInstance("EC", bcProvider)
        .generatePublic(new X509EncodedKeySpec(leaf.publicKey().getEncoded()));

    MSPConfig config = MSPConfig.newBuilder()
        .setConfig(FabricMSPConfig.newBuilder().setName(MSP_ID)
            .addRootCerts(ByteString.copyFrom(root.pem(), StandardCharsets.US_ASCII))
            .addAdmins(ByteString.copyFrom(leaf.pem(), StandardCharsets.US_ASCII))
            .build().toByteString())
        .build();
    byte[] serialized = SerializedIdentity.newBuilder().setMspid(MSP_ID)
        .setIdBytes(ByteString.copyFrom(leaf.pem(), StandardCharsets.US_ASCII)).build().toByteArray();
    X509Msp nativeMsp = X509Msps.setup(config, MspVersion.V3_0, SetupOptions.defaults());
    X509Msp bcMsp = X509Msps.setup(config, MspVersion.V3_0,
        SetupOptions.defaults().withCrypto(CryptoBackend.BOUNCY_CASTLE));
    nativeIdentity = nativeMsp.deserialize(serialized);
    bcIdentity = bcMsp.deserialize(serialized);
    nativeIdentity.verify(message, signature);
    bcIdentity.verify(message, signature);
    for (int i = 0; i < DISTINCT; i++) {
      nativeIdentity.verify(messages[i], signatures[i]);
    }
    if (!p256JcaBaseline() || !p256JcaBouncyCastleKey()) {
      throw new IllegalStateException("the baseline does not verify");
    }
  }

  private static byte[] lowS(byte[] der) throws Exception {
    ASN1Sequence seq = ASN1Sequence.getInstance(der);
    BigInteger r = ASN1Integer.getInstance(seq.getObjectAt(0)).getValue();
    BigInteger s = ASN1Integer.getInstance(seq.getObjectAt(1)).getValue();
    BigInteger n = ECNamedCurveTable.getByName("secp256r1").getN();
    if (s.compareTo(n.shiftRight(1)) > 0) {
      s = n.subtract(s);
    }
    ASN1EncodableVector v = new ASN1EncodableVector();
    v.add(new ASN1Integer(r));
    v.add(new ASN1Integer(s));
    return new DERSequence(v).getEncoded();
  }

  /** Identity.verify on an MSP set up with the default backend (Conscrypt when it loads). */
  @Benchmark
  public Identity p256Native() {
    nativeIdentity.verify(message, signature);
    return nativeIdentity;
  }

  /**
   * {@link #p256Native} over {@value #DISTINCT} different messages and signatures in turn, as each
   * new identity brings a different certificate to check: the processor cannot learn the
   * branches of one signature's arithmetic, which {@link #p256Native} lets it do.
   */
  @Benchmark
  public Identity p256NativeDistinct() {
    int i = next++ & (DISTINCT - 1);
    nativeIdentity.verify(messages[i], signatures[i]);
    return nativeIdentity;
  }

  /** Identity.verify on an MSP set up with the Bouncy Castle backend. */
  @Benchmark
  public Identity p256BouncyCastle() {
    bcIdentity.verify(message, signature);
    return bcIdentity;
  }

  /**
   * The baseline: Bouncy Castle's JCA provider, SHA256withECDSA, with the key of the JDK's
   * X509Certificate (reused; Bouncy Castle converts it on every initVerify).
   */
  @Benchmark
  public boolean p256JcaBaseline() throws Exception {
    return jcaVerify(certificateKey);
  }

  /** Bouncy Castle's JCA provider with its own key object, reused across verifications. */
  @Benchmark
  public boolean p256JcaBouncyCastleKey() throws Exception {
    return jcaVerify(bcKey);
  }

  private boolean jcaVerify(PublicKey key) throws Exception {
    Signature verifier = Signature.getInstance("SHA256withECDSA", bcProvider);
    verifier.initVerify(key);
    verifier.update(message);
    return verifier.verify(signature);
  }
}
