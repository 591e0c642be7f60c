package io.msp4j.x509;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.core.CachingMsp;
import io.msp4j.core.Identity;
import io.msp4j.core.MspManager;
import io.msp4j.core.MspVersion;
import io.msp4j.core.policy.EvaluationOptions;
import io.msp4j.core.policy.IdentityDeserializer;
import io.msp4j.core.policy.ImplicitMetaPolicies;
import io.msp4j.core.policy.Policies;
import io.msp4j.core.policy.Policy;
import io.msp4j.core.policy.PolicyDsl;
import io.msp4j.core.policy.PolicyResult;
import io.msp4j.core.policy.SignaturePolicies;
import io.msp4j.core.policy.SignedData;
import io.msp4j.testdata.IssuedCertificate;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Signature and implicit-meta policies over real X.509 MSPs of two organisations with NodeOUs. */
class SignaturePolicyX509Test {
  private static final byte[] TX = "a transaction".getBytes(StandardCharsets.UTF_8);
  private static final BigInteger N = MessageSigs.order("secp256r1");

  private final Org org1 = new Org("policy-org1");
  private final Org org2 = new Org("policy-org2");
  private final IssuedCertificate admin1 = org1.leaf("CN=admin1,OU=admin");
  private final IssuedCertificate peer1 = org1.leaf("CN=peer1,OU=peer");
  private final IssuedCertificate client1 = org1.leaf("CN=client1,OU=client");
  private final IssuedCertificate revoked1 = org1.leaf("CN=revoked1,OU=client");
  private final IssuedCertificate peer2 = org2.leaf("CN=peer2,OU=peer");
  private final IssuedCertificate admin2 = org2.leaf("CN=admin2,OU=admin");
  private final MspManager channel = MspManager.of(List.of(
      CachingMsp.wrap(X509Msps.setup(MspConfigs.of(org1.root).name("Org1MSP")
          .nodeOus(true, "client", "peer", "admin", "orderer")
          .crl(org1.pki.crl(org1.root).revoke(revoked1.serial()).build()).build(), MspVersion.V3_0)),
      CachingMsp.wrap(X509Msps.setup(MspConfigs.of(org2.root).name("Org2MSP")
          .nodeOus(true, "client", "peer", "admin", "orderer").build(), MspVersion.V3_0))));
  private final IdentityDeserializer deserializer = channel::deserialize;
  private final ExecutorService pool = Executors.newFixedThreadPool(3);

  @AfterEach
  void stop() {
    pool.shutdownNow();
  }

  private static BigInteger[] rawSignature(IssuedCertificate signer, byte[] data) {
    return MessageSigs.lowS(MessageSigs.ecdsa(signer.privateKey().orElseThrow(), MessageSigs.sha256(data)), N);
  }

  private static SignedData signed(String mspId, IssuedCertificate signer, byte[] data) {
    return SignedData.of(data, MspConfigs.serialized(mspId, signer), MessageSigs.der(rawSignature(signer, data)));
  }

  private static SignedData highS(String mspId, IssuedCertificate signer, byte[] data) {
    return SignedData.of(data, MspConfigs.serialized(mspId, signer),
        MessageSigs.der(MessageSigs.highS(rawSignature(signer, data), N)));
  }

  private Policy policy(String dsl) {
    return SignaturePolicies.compile(PolicyDsl.compile(dsl), deserializer);
  }

  @Test
  @Tag("POLICY-SIG-05")
  void greedyPitfallWithRealIdentities() {
    PolicyResult r = policy("AND(OR('Org1MSP.member','Org2MSP.member'),'Org2MSP.member')")
        .evaluate(List.of(signed("Org1MSP", peer1, TX), signed("Org2MSP", peer2, TX)));
    assertThat(r.satisfied()).isFalse();
    assertThat(policy("AND('Org1MSP.member','Org2MSP.member')")
            .evaluate(List.of(signed("Org1MSP", peer1, TX), signed("Org2MSP", peer2, TX))).satisfied())
        .isTrue();
  }

  @Test
  @Tag("POLICY-SIG-05")
  void anAdminSigningFirstIsConsumedAsTheMember() {
    String dsl = "AND('Org1MSP.member','Org1MSP.admin')";
    assertThat(policy(dsl).evaluate(List.of(signed("Org1MSP", admin1, TX), signed("Org1MSP", client1, TX))).satisfied())
        .isFalse();
    assertThat(policy(dsl).evaluate(List.of(signed("Org1MSP", client1, TX), signed("Org1MSP", admin1, TX))).satisfied())
        .isTrue();
  }

  @Test
  @Tag("POLICY-SIG-02")
  void highSAndWrongDataSignaturesAreDroppedAndALaterGoodOneCounts() {
    PolicyResult r = policy("OR('Org2MSP.peer')").evaluate(List.of(
        highS("Org2MSP", peer2, TX),
        SignedData.of(TX, MspConfigs.serialized("Org2MSP", peer2),
            MessageSigs.der(rawSignature(peer2, "other".getBytes(StandardCharsets.UTF_8)))),
        signed("Org2MSP", peer2, TX)));
    assertThat(r.satisfied()).isTrue();
    String text = r.explanation().toText();
    assertThat(text).contains("signature 0 dropped").contains("does not verify")
        .contains("signature 1 dropped: the signature of Org2MSP \"OU=peer,CN=peer2\" does not verify")
        .contains("signature 2 kept as signer 0: Org2MSP \"OU=peer,CN=peer2\"");
  }

  @Test
  @Tag("POLICY-SIG-02")
  void identitiesOfAnotherMspOrAnUnknownOneAreDropped() {
    PolicyResult r = policy("OR('Org1MSP.member','Org2MSP.member')").evaluate(List.of(
        signed("Org2MSP", peer1, TX), signed("Org3MSP", peer1, TX)));
    assertThat(r.satisfied()).isFalse();
    assertThat(r.explanation().toMap().toString()).contains("NO_CHAIN").contains("UNKNOWN_MSP");
  }

  @Test
  @Tag("POLICY-SIG-03")
  void aRevokedSignerIsKeptButSatisfiesNoRole() {
    PolicyResult r = policy("OR('Org1MSP.client')").evaluate(List.of(signed("Org1MSP", revoked1, TX)));
    assertThat(r.satisfied()).isFalse();
    assertThat(r.reason()).contains("1 kept");
    assertThat(r.explanation().toText()).contains("[VALIDATE-CRL-");
  }

  @Test
  @Tag("POLICY-SIG-06")
  void bareIdentitiesAreEvaluatedAsGiven() {
    Identity p1 = channel.deserialize(MspConfigs.serialized("Org1MSP", peer1));
    Policy p = policy("AND('Org1MSP.peer','Org1MSP.member')");
    assertThat(p.evaluateIdentities(List.of(p1, p1)).satisfied()).isTrue();
    assertThat(p.evaluate(List.of(signed("Org1MSP", peer1, TX), signed("Org1MSP", peer1, TX))).satisfied()).isFalse();
  }

  @Test
  @Tag("POLICY-IMETA-02")
  void majorityEndorsementOverOrgsWithAMissingSubPolicy() {
    Map<String, Policy> orgs = new LinkedHashMap<>();
    orgs.put("Org1", policy("OR('Org1MSP.peer')"));
    orgs.put("Org2", policy("OR('Org2MSP.peer')"));
    orgs.put("Org3", Policies.missing("Org3/Endorsement"));
    Policy majority = ImplicitMetaPolicies.compile(ImplicitMetaPolicies.parse("MAJORITY Endorsement"), orgs);
    assertThat(majority.evaluate(List.of(signed("Org1MSP", peer1, TX), signed("Org2MSP", peer2, TX))).satisfied())
        .isTrue();
    PolicyResult one = majority.evaluate(List.of(signed("Org1MSP", peer1, TX), signed("Org2MSP", admin2, TX)));
    assertThat(one.satisfied()).isFalse();
    assertThat(one.reason()).contains("1 of 3 sub-policies satisfied, 2 needed; not satisfied: Org2, Org3");
  }

  @Test
  @Tag("POLICY-SIG-02")
  void parallelEvaluationOverX509SignersIsTheSequentialOne() {
    List<IssuedCertificate> people = List.of(admin1, peer1, client1, revoked1, peer2, admin2);
    List<String> msps = List.of("Org1MSP", "Org1MSP", "Org1MSP", "Org1MSP", "Org2MSP", "Org2MSP");
    String[] dsls = {
      "OutOf(2, 'Org1MSP.peer', 'Org2MSP.peer', OR('Org1MSP.admin', 'Org2MSP.admin'))",
      "AND(OR('Org1MSP.member','Org2MSP.member'),'Org2MSP.member')",
      "OR(AND('Org1MSP.client','Org1MSP.admin'), 'Org2MSP.admin')"};
    EvaluationOptions parallel = EvaluationOptions.builder().executor(pool).parallelism(3).build();
    Random rnd = new Random(3);
    for (int i = 0; i < 60; i++) {
      List<SignedData> sigs = new ArrayList<>();
      for (int j = rnd.nextInt(6); j > 0; j--) {
        int k = rnd.nextInt(people.size());
        sigs.add(rnd.nextInt(4) == 0 ? highS(msps.get(k), people.get(k), TX) : signed(msps.get(k), people.get(k), TX));
      }
      String dsl = dsls[i % dsls.length];
      PolicyResult s = SignaturePolicies.compile(PolicyDsl.compile(dsl), deserializer).evaluate(sigs);
      PolicyResult p = SignaturePolicies.compile(PolicyDsl.compile(dsl), deserializer, parallel).evaluate(sigs);
      assertThat(p.satisfied()).isEqualTo(s.satisfied());
      assertThat(p.explanation().toMap()).isEqualTo(s.explanation().toMap());
    }
  }
}
