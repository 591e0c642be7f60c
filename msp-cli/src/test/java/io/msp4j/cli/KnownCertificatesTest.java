package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.msp4j.channel.update.KnownIdentity;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --known} folders: certificates, and serialized identities for idemix members. */
class KnownCertificatesTest {
  @TempDir Path tmp;

  @Test
  @Tag("CHANNEL-MSP-10")
  void serializedIdentitiesAreKnownBesideCertificatesAndOtherFilesArePassedOver() throws Exception {
    byte[] idemix = SerializedIdentity.newBuilder().setMspid("IdemixOrgMSP")
        .setIdBytes(ByteString.copyFromUtf8("a pseudonym, an OU, a role, a proof")).build().toByteArray();
    Files.write(Files.createDirectories(tmp.resolve("idemix")).resolve("admin.id"), idemix);
    Files.write(tmp.resolve("idemix/garbage.id"), new byte[] {(byte) 0xff, 0x00});
    Files.writeString(tmp.resolve("notes.txt"), "-----BEGIN CERTIFICATE-----");
    List<KnownIdentity> known = KnownCertificates.read(List.of(tmp));
    assertThat(known).singleElement().satisfies(k -> {
      assertThat(k.serialized()).isEqualTo(idemix);
      assertThat(k.label()).endsWith("admin.id");
    });
  }
}
