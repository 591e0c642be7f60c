package io.msp4j.channel.update;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.msp4j.channel.Channel;
import io.msp4j.channel.ConfigFixture;
import io.msp4j.channel.update.UpdateReport.Stage;
import io.msp4j.core.MspException;
import io.msp4j.core.Reason;
import io.msp4j.testdata.CertificateBuilder;
import io.msp4j.testdata.CrlBuilder;
import io.msp4j.testdata.DeterministicRandom;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.SignatureMangling;
import io.msp4j.testdata.cryptogen.GeneratedIdentity;
import io.msp4j.testdata.cryptogen.GeneratedOrg;
import io.msp4j.testdata.cryptogen.GeneratedTree;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigUpdate;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.FabricNodeOUs;
import org.hyperledger.fabric.protos.msp.FabricOUIdentifier;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.hyperledger.fabric.protos.msp.SigningIdentityInfo;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The spec's checklist of reasons an MSP value update is invalid (CHANNEL-MSP-11), item by item:
 * each update changes one org's {@code MSP} value of a live channel, is signed by that org's
 * admin (unless the item is about the signature) and must be refused by the update checker at the
 * stage, with the reason and the rule, of the check that catches it.
 */
class MspUpdateChecklistTest {
  static final String CHANNEL = "mychannel";
  static final ByteString GARBAGE_PEM = ByteString.copyFromUtf8(
      "-----BEGIN CERTIFICATE-----\nMIIBAAECAwQF\n-----END CERTIFICATE-----\n");

  static final Instant AFTER_NOW = Instant.parse("2024-06-02T00:00:00Z");
  static final Instant LATER = Instant.parse("2034-06-01T00:00:00Z");

  @TempDir static Path tmp;
  static GeneratedOrg org1;
  static GeneratedOrg org2;
  static GeneratedOrg org3;
  static GeneratedOrg orderer;
  static Map<String, GeneratedOrg> orgs;
  /** Channels at MSP version 3.0 (channel capability V3_0). */
  static Nets v30;
  /** Channels at MSP version 1.4.3 (channel capability V2_0), which Fabric v2.5 runs too. */
  static Nets v143;
  /** The same orgs in a channel at MSP version 1.3 (channel capability V1_4_2). */
  static Net v13;

  /**
   * Two channels with the same orgs and capabilities: {@code base}, and {@code unguarded} where
   * Org1's MSP value is guarded by a mod_policy that names no policy.
   */
  record Nets(Net base, Net unguarded) {
    static Nets of(String capability) {
      Net base = Net.of(channel().channelCapabilities(capability).build());
      return new Nets(base, Net.of(base.withMspValue("Org1",
          base.mspValue("Org1").toBuilder().setModPolicy("Nobody").build())));
    }
  }

  /** A live channel: its current config and the checker of updates to it. */
  record Net(Config config, UpdateChecker checker) {
    static Net of(Config config) {
      return new Net(config, ChannelUpdates.checker(
          Channel.load(ConfigFixture.block(CHANNEL, config))));
    }

    FabricMSPConfig fabric(String org) {
      try {
        return FabricMSPConfig.parseFrom(mspConfig(org).getConfig());
      } catch (com.google.protobuf.InvalidProtocolBufferException e) {
        throw new AssertionError(e);
      }
    }

    MSPConfig mspConfig(String org) {
      try {
        return MSPConfig.parseFrom(mspValue(org).getValue());
      } catch (com.google.protobuf.InvalidProtocolBufferException e) {
        throw new AssertionError(e);
      }
    }

    ConfigValue mspValue(String org) {
      return config.getChannelGroup().getGroupsOrThrow("Application").getGroupsOrThrow(org)
          .getValuesOrThrow("MSP");
    }

    /** This config with org's MSP value replaced. */
    Config withMspValue(String org, ConfigValue value) {
      ConfigGroup root = config.getChannelGroup();
      ConfigGroup app = root.getGroupsOrThrow("Application");
      ConfigGroup g = app.getGroupsOrThrow(org);
      return config.toBuilder().setChannelGroup(root.toBuilder().putGroups("Application",
          app.toBuilder().putGroups(org, g.toBuilder().putValues("MSP", value).build()).build()))
          .build();
    }

    /** This config with org's MSPConfig bytes replaced. */
    Config withMspBytes(String org, ByteString mspConfig) {
      return withMspValue(org, mspValue(org).toBuilder().setValue(mspConfig).build());
    }

    /** This config with org's FabricMSPConfig changed. */
    Config withMsp(String org, UnaryOperator<FabricMSPConfig.Builder> change) {
      return withMspBytes(org, mspConfig(org).toBuilder()
          .setConfig(change.apply(fabric(org).toBuilder()).build().toByteString())
          .build().toByteString());
    }

    /** The update changing org's MSP definition, signed by the org's admin. */
    UpdateReport changeMsp(String org, UnaryOperator<FabricMSPConfig.Builder> change) {
      return byAdmin(org, withMsp(org, change));
    }

    /** The update from this config to {@code next}, signed by org's admin. */
    UpdateReport byAdmin(String org, Config next) {
      return check(next, orgs.get(org).admin(), org + "MSP");
    }

    /** The update, signed by {@code signer} of MSP {@code mspId}, or unsigned when null. */
    UpdateReport check(ConfigUpdate update, GeneratedIdentity signer, String mspId) {
      Envelope env = ConfigUpdates.envelope(update);
      if (signer != null) {
        env = ConfigUpdates.sign(ConfigUpdateRequest.parse(env.toByteArray()),
            LocalSigners.of(signer.mspDir(), mspId), new SecureRandom(), Clock.systemUTC());
      }
      return checker.verdict(ConfigUpdateRequest.parse(env.toByteArray()));
    }

    /** The update from this config to {@code next}, signed by {@code signer} (or unsigned). */
    UpdateReport check(Config next, GeneratedIdentity signer, String mspId) {
      return check(ConfigUpdates.compute(config, next, CHANNEL), signer, mspId);
    }
  }

  @BeforeAll
  static void generate() {
    GeneratedTree tree = ThreeOrgTree.generate("MspUpdateChecklistTest", tmp);
    org1 = tree.org("org1.example.com");
    org2 = tree.org("org2.example.com");
    org3 = tree.org("org3.example.com");
    orderer = tree.org("example.com");
    orgs = Map.of("Org1", org1, "Org2", org2, "Org3", org3);
    v30 = Nets.of("V3_0");
    v143 = Nets.of("V2_0");
    v13 = Net.of(channel().channelCapabilities("V1_4_2").build());
  }

  static ConfigFixture.Builder channel() {
    return ConfigFixture.builder()
        .applicationOrg("Org1", ConfigFixture.msp(org1, "Org1MSP"))
        .applicationOrg("Org2", ConfigFixture.msp(org2, "Org2MSP"))
        .applicationOrg("Org3", ConfigFixture.msp(org3, "Org3MSP"))
        .ordererOrg("OrdererOrg", ConfigFixture.msp(orderer, "OrdererMSP"));
  }

  static ByteString pem(IssuedCertificate c) {
    return ByteString.copyFrom(c.pem(), StandardCharsets.UTF_8);
  }

  static ByteString pem(GeneratedIdentity id) {
    return pem(id.certificate());
  }

  /** A CRL of {@code org}'s root, revoking {@code revoked} (which may be null). */
  static CrlBuilder crl(GeneratedOrg org, IssuedCertificate revoked, String seed) {
    CrlBuilder b =
        CrlBuilder.create(DeterministicRandom.fromSeed(seed), org.rootCa().certificate());
    return revoked == null ? b : b.revoke(revoked);
  }

  static ByteString pem(CrlBuilder crl) {
    return ByteString.copyFrom(crl.build().pem(), StandardCharsets.UTF_8);
  }

  /** An Org1 CRL revoking its user: a harmless change, to test what surrounds the MSP value. */
  static Config crlAdded(Net net) {
    return net.withMsp("Org1", b -> b.addRevocationList(
        pem(crl(org1, org1.identity("User1").certificate(), "user-crl"))));
  }

  /** The same change written with the MSP value's mod_policy and version bent. */
  static ConfigUpdate bentMspValue(Net net, UnaryOperator<ConfigValue> bend) {
    ConfigUpdate u = ConfigUpdates.compute(net.config(), crlAdded(net), CHANNEL);
    ConfigGroup ws = u.getWriteSet();
    ConfigGroup app = ws.getGroupsOrThrow("Application");
    ConfigGroup g = app.getGroupsOrThrow("Org1");
    return u.toBuilder().setWriteSet(ws.toBuilder().putGroups("Application", app.toBuilder()
        .putGroups("Org1", g.toBuilder().putValues("MSP", bend.apply(g.getValuesOrThrow("MSP")))
            .build()).build())).build();
  }

  static FabricOUIdentifier ou(ByteString certificate, String ou) {
    return FabricOUIdentifier.newBuilder().setCertificate(certificate)
        .setOrganizationalUnitIdentifier(ou).build();
  }

  /** A CA issued by {@code org}'s root, valid from after the root's start (the tree's now). */
  static IssuedCertificate caUnder(GeneratedOrg org, String seed,
      UnaryOperator<CertificateBuilder> change) {
    return change.apply(CertificateBuilder.create(DeterministicRandom.fromSeed(seed))
        .subject("CN=" + seed + "." + org.domain() + ",O=" + org.domain())
        .issuer(org.rootCa().certificate()).ca().validity(AFTER_NOW, LATER)).build();
  }

  /** A CA issued by a root no MSP of the channel has. */
  static IssuedCertificate strayCa() {
    IssuedCertificate root = CertificateBuilder.create(DeterministicRandom.fromSeed("unrelated"))
        .subject("CN=ca.elsewhere.example.com,O=elsewhere.example.com").ca().build();
    return CertificateBuilder.create(DeterministicRandom.fromSeed("stray"))
        .subject("CN=stray.example.com").issuer(root).ca().build();
  }

  /**
   * One item of the checklist: what the update does, how it is checked, and the refusal expected
   * (stage, reason, rule, and a fragment the message must contain).
   */
  record Item(String what, Function<Nets, UpdateReport> run, Stage stage, Reason reason,
      String rule, String says, boolean v3Only) {
    @Override
    public String toString() {
      return what;
    }

    /** This item, for channels at MSP version 3.0 only. */
    Item onlyAtV3() {
      return new Item(what, run, stage, reason, rule, says, true);
    }
  }

  static Item item(String what, Function<Nets, UpdateReport> run, Stage stage, Reason reason,
      String rule, String says) {
    return new Item(what, run, stage, reason, rule, says, false);
  }

  static Stream<Arguments> checklist() {
    Stage auth = Stage.AUTHORIZATION;
    Stage load = Stage.NEW_CONFIG;
    ByteString badBytes = ByteString.copyFrom(new byte[] {0x0a, 0x7f});
    return Stream.of(
        item("version not current+1", n -> n.base().check(bentMspValue(n.base(),
                v -> v.toBuilder().setVersion(2).build()), org1.admin(), "Org1MSP"),
            auth, Reason.VERSION_MISMATCH, "CONFIGTX-UPDATE-08", "/Channel/Application/Org1/MSP"),
        item("mod_policy not satisfied (no signature)",
            n -> n.base().check(crlAdded(n.base()), null, null),
            auth, Reason.MOD_POLICY_NOT_SATISFIED, "CONFIGTX-UPDATE-08",
            "/Channel/Application/Org1/Admins"),
        item("mod_policy not satisfied (another org's admin)",
            n -> n.base().check(crlAdded(n.base()), org2.admin(), "Org2MSP"),
            auth, Reason.MOD_POLICY_NOT_SATISFIED, "CONFIGTX-UPDATE-08",
            "/Channel/Application/Org1/Admins"),
        item("mod_policy missing", n -> n.unguarded().byAdmin("Org1", crlAdded(n.unguarded())),
            auth, Reason.MOD_POLICY_NOT_FOUND, "CONFIGTX-UPDATE-09", "Nobody"),
        item("new mod_policy malformed", n -> n.base().check(bentMspValue(n.base(),
                v -> v.toBuilder().setModPolicy("Admins/").build()), org1.admin(), "Org1MSP"),
            auth, Reason.MOD_POLICY_INVALID, "CONFIGTX-UPDATE-08", "Admins/"),
        item("MSPConfig undecodable",
            n -> n.base().byAdmin("Org1", n.base().withMspBytes("Org1", badBytes)),
            load, Reason.ORG_GROUP_INVALID, "CHANNEL-MSP-02", "/Channel/Application/Org1"),
        item("MSPConfig of an unknown type", n -> n.base().byAdmin("Org1", n.base().withMspBytes(
                "Org1", n.base().mspConfig("Org1").toBuilder().setType(2).build().toByteString())),
            load, Reason.MSP_TYPE_UNSUPPORTED, "CHANNEL-MSP-04", "/Channel/Application/Org1"),
        item("MSPConfig of type idemix in a v3_0 channel", n -> n.base().byAdmin("Org1",
                n.base().withMspBytes("Org1",
                    n.base().mspConfig("Org1").toBuilder().setType(1).build().toByteString())),
            load, Reason.MSP_TYPE_UNSUPPORTED, "CHANNEL-MSP-04", "/Channel/Application/Org1")
            .onlyAtV3(),
        item("FabricMSPConfig undecodable", n -> n.base().byAdmin("Org1", n.base().withMspBytes(
                "Org1", n.base().mspConfig("Org1").toBuilder().setConfig(badBytes).build()
                    .toByteString())),
            load, Reason.CONFIG_UNDECODABLE, "SETUP-CONF-01", "/Channel/Application/Org1"),
        item("no root CA", n -> n.base().changeMsp("Org3", b -> b.clearRootCerts()),
            load, Reason.NO_ROOT_CA, "SETUP-CA-01", "/Channel/Application/Org3"),
        item("unparsable root CA",
            n -> n.base().changeMsp("Org3", b -> b.addRootCerts(GARBAGE_PEM)),
            load, Reason.CERTIFICATE_UNPARSABLE, "SETUP-PARSE-01", "/Channel/Application/Org3"),
        item("unsanitisable root CA (not self-signed)", n -> n.base().changeMsp("Org3",
                b -> b.addRootCerts(pem(org2.issuingCa().certificate()))),
            load, Reason.SANITIZE_FAILED, "SANITIZE-03", "ica.org2.example.com"),
        item("unparsable admin certificate",
            n -> n.base().changeMsp("Org3", b -> b.addAdmins(GARBAGE_PEM)),
            load, Reason.CERTIFICATE_UNPARSABLE, "SETUP-PARSE-01", "/Channel/Application/Org3"),
        item("unparsable TLS root certificate",
            n -> n.base().changeMsp("Org3", b -> b.addTlsRootCerts(GARBAGE_PEM)),
            load, Reason.CERTIFICATE_UNPARSABLE, "SETUP-PARSE-01", "/Channel/Application/Org3"),
        item("TLS root certificate without the CA flag", n -> n.base().changeMsp("Org3",
                b -> b.addTlsRootCerts(pem(org3.identity("peer0").tlsCertificate()))),
            load, Reason.TLS_CA_INVALID, "SETUP-TLS-02", "peer0.org3.example.com"),
        item("intermediate CA without the CA flag", n -> n.base().changeMsp("Org2",
                b -> b.addIntermediateCerts(pem(org2.identity("peer0")))),
            load, Reason.CA_NOT_A_CA, "SETUP-CAFIN-01", "peer0.org2.example.com"),
        item("intermediate CA without SKI", n -> n.base().changeMsp("Org2",
                b -> b.addIntermediateCerts(
                    pem(caUnder(org2, "noski", CertificateBuilder::noSubjectKeyId)))),
            load, Reason.CA_MISSING_SKI, "SETUP-CAFIN-01", "noski.org2.example.com"),
        item("intermediate CA not chaining to a root", n -> n.base().changeMsp("Org2",
                b -> b.addIntermediateCerts(pem(strayCa()))),
            load, Reason.NO_CHAIN, "SANITIZE-03", "stray.example.com"),
        item("intermediate CA revoked", n -> n.base().changeMsp("Org2", b -> b.addRevocationList(
                pem(crl(org2, org2.issuingCa().certificate(), "ica-crl")))),
            load, Reason.CA_REVOKED, "VALIDATE-CRL-04", "ica.org2.example.com"),
        item("unparsable CRL", n -> n.base().changeMsp("Org3", b -> b.addRevocationList(
                ByteString.copyFromUtf8(
                    "-----BEGIN X509 CRL-----\nMIIBAAECAwQF\n-----END X509 CRL-----\n"))),
            load, Reason.CRL_UNPARSABLE, "SETUP-CRL-01", "/Channel/Application/Org3"),
        item("CRL whose ECDSA signature does not decode", n -> n.base().changeMsp("Org3",
                b -> b.addRevocationList(pem(crl(org3, null, "bad-sig")
                    .mangleSignature(SignatureMangling.replaceWith(new byte[] {1, 2, 3}))))),
            load, Reason.CRL_SIGNATURE_UNDECODABLE, "SETUP-CRL-02", "/Channel/Application/Org3"),
        item("OU identifier certificate not a CA of the MSP", n -> n.base().changeMsp("Org1",
                b -> b.addOrganizationalUnitIdentifiers(ou(pem(org1.identity("peer0")), "peer"))),
            load, Reason.OU_CERTIFICATE_INVALID, "CERT-ID-01", "/Channel/Application/Org1"),
        item("NodeOU certificate not a CA of the MSP", n -> n.base().changeMsp("Org1",
                b -> b.setFabricNodeOus(b.getFabricNodeOus().toBuilder()
                    .setPeerOuIdentifier(ou(pem(org1.identity("peer0")), "peer")))),
            load, Reason.OU_CERTIFICATE_INVALID, "CERT-ID-01", "/Channel/Application/Org1"),
        item("v1_3 NodeOUs without a client OU", n -> v13.changeMsp("Org3",
                b -> b.setFabricNodeOus(FabricNodeOUs.newBuilder().setEnable(true)
                    .setPeerOuIdentifier(ou(ByteString.EMPTY, "peer")))),
            load, Reason.NODEOU_MISSING, "NODEOU-02", "/Channel/Application/Org3"),
        item("admin failing the post-setup rule (a peer as admin)",
            n -> n.base().changeMsp("Org1", b -> b.addAdmins(pem(org1.identity("peer0")))),
            load, Reason.ADMIN_INVALID, "SETUP-POST-03", "peer0.org1.example.com"),
        item("no admins and no admin OU at v1_4_3 and later",
            n -> n.base().changeMsp("Org3", b -> b.clearAdmins()),
            load, Reason.NO_ADMINS, "SETUP-ADMIN-03", "/Channel/Application/Org3"),
        item("bad signing identity", n -> n.base().changeMsp("Org3", b -> b.setSigningIdentity(
                SigningIdentityInfo.newBuilder().setPublicSigner(GARBAGE_PEM))),
            load, Reason.CERTIFICATE_UNPARSABLE, "SETUP-PARSE-01", "/Channel/Application/Org3"),
        item("empty MSP ID", n -> n.base().changeMsp("Org3", b -> b.setName("")),
            load, Reason.MSP_ID_EMPTY, "CHANNEL-MSP-06", "/Channel/Application/Org3"),
        item("MSP ID changed", n -> n.base().changeMsp("Org3", b -> b.setName("Org3MSPx")),
            load, Reason.MSP_ID_CHANGED, "CHANNEL-MSP-09", "Org3MSPx"),
        item("same MSP ID as another org with different content",
            n -> n.base().changeMsp("Org3", b -> b.setName("Org1MSP")),
            load, Reason.MSP_ID_CONFLICT, "CHANNEL-MSP-07", "Org1MSP"))
        .map(Arguments::of);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("checklist")
  @Tag("CHANNEL-MSP-11")
  void eachItemOfTheChecklistRefusesTheUpdate(Item item) {
    assertRefused(item, item.run().apply(v30));
  }

  static Stream<Arguments> checklistBelowV3() {
    return checklist().filter(a -> !((Item) a.get()[0]).v3Only());
  }

  /**
   * Fabric v2.5 runs channels up to MSP version 1.4.3 with the same update validation and MSP
   * setup as v3.0 (DELTA25-09): in a V2_0 channel every item is refused alike. (Fabric v2.5.12
   * and v3.0.0 give these very verdicts, at the same stage, for these updates.)
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("checklistBelowV3")
  @Tag("DELTA25-09")
  void aChannelFabricV25CanRunRefusesEachItemAlike(Item item) {
    assertRefused(item, item.run().apply(v143));
  }

  static void assertRefused(Item item, UpdateReport r) {
    assertThat(r.accepted()).isFalse();
    assertThat(r.stage()).isEqualTo(item.stage());
    MspException e = (MspException) r.failure().orElseThrow();
    assertThat(e.reason()).isEqualTo(item.reason());
    assertThat(e.rule()).isEqualTo(item.rule());
    assertThat(e.getMessage()).contains(item.says());
    if (item.stage() == Stage.NEW_CONFIG) {
      // Authorised: the refusal comes from the new MSP definition, not from the signatures.
      assertThat(r.decisions()).isNotEmpty()
          .allSatisfy(d -> assertThat(d.status().allows()).isTrue());
    }
  }

  static Stream<Arguments> controls() {
    return Stream.of(
        item("a CRL revoking a user", n -> n.base().byAdmin("Org1", crlAdded(n.base()))),
        item("a CRL of the root revoking no CA", n -> n.base().changeMsp("Org2",
            b -> b.addRevocationList(pem(crl(org2, org2.identity("User1").certificate(), "c1"))))),
        item("a well-formed intermediate CA", n -> n.base().changeMsp("Org2",
            b -> b.addIntermediateCerts(pem(caUnder(org2, "goodica", c -> c))))),
        item("a TLS root CA", n -> n.base().changeMsp("Org3",
            b -> b.addTlsRootCerts(pem(org3.tlsRootCa().certificate())))),
        item("an OU identifier bound to the root", n -> n.base().changeMsp("Org1",
            b -> b.addOrganizationalUnitIdentifiers(ou(b.getRootCerts(0), "peer")))),
        item("a NodeOU renamed, bound to the root", n -> n.base().changeMsp("Org1",
            b -> b.setFabricNodeOus(b.getFabricNodeOus().toBuilder()
                .setPeerOuIdentifier(ou(b.getRootCerts(0), "node"))))),
        item("a client as an admin", n -> n.base().changeMsp("Org1",
            b -> b.addAdmins(pem(org1.identity("User1"))))))
        .map(Arguments::of);
  }

  static Item item(String what, Function<Nets, UpdateReport> run) {
    return new Item(what, run, Stage.NONE, null, null, null, false);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("controls")
  @Tag("CHANNEL-MSP-11")
  @Tag("DELTA25-09")
  void theSameKindsOfChangeWithoutTheFaultAreAccepted(Item control) {
    for (Nets n : List.of(v30, v143)) {
      UpdateReport r = control.run().apply(n);
      assertThat(r.failure()).isEmpty();
      assertThat(r.accepted()).isTrue();
    }
  }
}
