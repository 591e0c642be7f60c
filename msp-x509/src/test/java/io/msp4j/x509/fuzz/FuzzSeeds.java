package io.msp4j.x509.fuzz;

import io.msp4j.core.Identity;
import io.msp4j.core.Principal;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.Pem;
import io.msp4j.testdata.SignatureMangling;
import io.msp4j.testdata.TestPki;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.hyperledger.fabric.protos.common.MSPPrincipal;

/**
 * Writes the seed inputs of the msp-x509 fuzz targets from the testdata generator (run from the
 * module folder: {@code java -cp <test class path> io.msp4j.x509.fuzz.FuzzSeeds
 * src/test/resources}). The seeds are committed; this keeps their origin reproducible.
 */
public final class FuzzSeeds {
  private FuzzSeeds() {}

  public static void main(String[] args) throws IOException {
    Path resources = Paths.get(args.length > 0 ? args[0] : "src/test/resources");
    FuzzWorld w = FuzzWorld.get();
    Path fuzz = resources.resolve("io/msp4j/x509/fuzz");

    Path deser = fuzz.resolve("IdentityFuzzTestInputs/deserialisationAgreesOnEveryPath");
    for (int i = 0; i < w.leaves.size(); i++) {
      write(deser, "leaf-" + i, w.serialized(i));
    }
    IssuedCertificate peer = w.leaves.get(0);
    IssuedCertificate highS = peer.withMangledSignature(SignatureMangling.highS(), w.ica1.publicKey());
    write(deser, "high-s", FuzzWorld.serialized(FuzzWorld.ORG1, ascii(highS.pem())));
    write(deser, "junk-around", FuzzWorld.serialized(FuzzWorld.ORG1, ascii(Pem.withJunk("text\n", peer.pem(), "more"))));
    write(deser, "ca-as-identity", FuzzWorld.serialized(FuzzWorld.ORG1, ascii(w.ica1.pem())));
    write(deser, "other-msp", FuzzWorld.serialized(FuzzWorld.ORG2, ascii(peer.pem())));

    Path wf = fuzz.resolve("IdentityFuzzTestInputs/wellFormedMeansOneCanonicalCertificate");
    write(wf, "peer", ascii(peer.pem()));
    write(wf, "ed25519", ascii(w.leaves.get(3).pem()));
    write(wf, "high-s", ascii(highS.pem()));
    write(wf, "non-minimal", ascii(peer.withMangledSignature(SignatureMangling.nonMinimalR(), w.ica1.publicKey()).pem()));
    write(wf, "two-blocks", ascii(Pem.concat(peer.pem(), w.ica1.pem())));
    write(wf, "no-label", ascii(peer.pem().replace("CERTIFICATE", "")));

    Path pr = fuzz.resolve("IdentityFuzzTestInputs/principalsAgreeOnEveryPath");
    List<MSPPrincipal> principals = new ArrayList<>();
    for (Principal.RoleType t : Principal.RoleType.values()) {
      principals.add(new Principal.Role(FuzzWorld.ORG1, t).toProto());
    }
    Identity p = w.org1.deserialize(w.serialized(0));
    principals.add(Principal.OrganizationUnit.of(FuzzWorld.ORG1, p.organizationalUnits().get(0)).toProto());
    principals.add(Principal.IdentityPrincipal.of(p).toProto());
    principals.add(Principal.Anonymity.NOMINAL.toProto());
    principals.add(Principal.Combined.of(Principal.Role.member(FuzzWorld.ORG1),
        Principal.Combined.of(Principal.Role.peer(FuzzWorld.ORG1), Principal.Anonymity.NOMINAL)).toProto());
    for (int i = 0; i < principals.size(); i++) {
      write(pr, "principal-" + i, concat(new byte[] {(byte) (i % w.leaves.size())}, principals.get(i).toByteArray()));
    }

    Path ver = fuzz.resolve("SignatureFuzzTestInputs/verificationAgreesAcrossBackends");
    Path dec = fuzz.resolve("SignatureFuzzTestInputs/ecdsaSignatureDecodingRoundTrips");
    for (int i = 0; i < FuzzWorld.SIGNERS; i++) {
      byte[] msg = ("message " + i).getBytes(StandardCharsets.UTF_8);
      byte[] sig = w.signers.get(i).sign(msg);
      write(ver, "signer-" + i, concat(new byte[] {(byte) i, (byte) msg.length}, msg, sig));
      if (i != 3) {
        write(dec, "signature-" + i, sig);
      }
    }
    write(dec, "non-minimal", new byte[] {0x30, 0x07, 0x02, 0x02, 0x00, 0x01, 0x02, 0x01, 0x05});
    write(dec, "trailing", new byte[] {0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x05, 0x00, 0x00});

    Path pol = fuzz.resolve("PolicyEvaluationFuzzTestInputs/evaluationAgreesSequentialParallelAndCached");
    // Three good signatures (peer, client, admin); AND(Org1.peer, Org1.admin) as a 2-gate.
    write(pol, "and-peer-admin", new byte[] {3, 0, 1, 2, (byte) 0x90, 2, 3, 1});
    // The greedy pitfall: AND(OR(Org1.member, Org2.member), Org1.admin) with a forged duplicate.
    write(pol, "greedy", new byte[] {4, 0, 2, 7, 11, (byte) 0x90, 2, (byte) 0x90, 1, 0, 5, 1});
    write(pol, "out-of-range", new byte[] {1, 0, 17});
    write(pol, "combined-identity", new byte[] {2, 0, 4, (byte) 0x98, 1, 15, 11, 16});

    Path crl = resources.resolve("io/msp4j/x509/internal/msp/CrlFuzzTestInputs/inPlaceParserAgreesWithPlainParser");
    Path crlSetup = resources.resolve("io/msp4j/x509/internal/msp/CrlFuzzTestInputs/crlInConfigurationFailsOnlyWithSetupException");
    TestPki pki = TestPki.seeded("crl-fuzz");
    IssuedCertificate root = pki.rootCa("C=US,O=org1,CN=ca");
    IssuedCertificate ica = pki.intermediateCa("C=US,O=org1,CN=ica", root);
    write(crl, "empty", pki.crl(root).build().der());
    write(crl, "revoked", w.crl.der());
    write(crl, "no-aki", pki.crl(root).noAuthorityKeyId().revoke(java.math.BigInteger.valueOf(5)).build().der());
    write(crl, "many", pki.crl(root).revoke(java.math.BigInteger.ONE).revoke(java.math.BigInteger.valueOf(-7))
        .revoke(new java.math.BigInteger("123456789012345678901234567890")).crlNumber(java.math.BigInteger.TEN).build().der());
    write(crlSetup, "ica-crl", pki.crl(ica).revoke(java.math.BigInteger.TWO).build().der());
    write(crlSetup, "root-crl", pki.crl(root).build().der());
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  private static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }

  static void write(Path dir, String name, byte[] content) throws IOException {
    Files.createDirectories(dir);
    Files.write(dir.resolve(name), content);
  }
}
