package io.msp4j.metrics;

import com.google.protobuf.ByteString;
import io.msp4j.network.ConnectionOptions;
import io.msp4j.network.FakeOrderingService;
import io.msp4j.network.TestChain;
import io.msp4j.testdata.IssuedCertificate;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;

/** The network tests' chain and fake orderer, as the metrics tests use them. */
final class Fixture {
  private Fixture() {}

  /** Connection options to {@code service} over TLS, as the orderer's clients connect. */
  static ConnectionOptions connection(TestChain chain, FakeOrderingService service) {
    Path tls = ordererTls(chain);
    try {
      return ConnectionOptions.builder().endpoint(service.endpoint())
          .tlsRootCert("ca.crt", Files.readAllBytes(tls.resolve("ca.crt")))
          .serverName("orderer.example.com").connectTimeout(Duration.ofSeconds(2)).build();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Path ordererTls(TestChain chain) {
    return chain.ordererOrg.identity("orderer").tlsDir();
  }

  /** {@code c} as an identity of {@code mspId} serializes it. */
  static byte[] serialized(String mspId, IssuedCertificate c) {
    return SerializedIdentity.newBuilder().setMspid(mspId)
        .setIdBytes(ByteString.copyFrom(c.pem(), StandardCharsets.US_ASCII)).build()
        .toByteArray();
  }
}
