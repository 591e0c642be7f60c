package io.msp4j.cli.operations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.TestPki;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class OperationsTlsTest {
  private static final TestPki PKI = TestPki.seeded("operations-tls");
  private static final IssuedCertificate SERVER_CA = PKI.rootCa("C=US,O=ops,CN=tlsca.ops");
  private static final IssuedCertificate SERVER = PKI.leaf("C=US,O=ops,CN=operations", SERVER_CA);
  private static final IssuedCertificate CLIENT_CA = PKI.rootCa("C=US,O=ops,CN=clientca.ops");
  private static final IssuedCertificate CLIENT = PKI.leaf("C=US,O=ops,CN=prometheus", CLIENT_CA);
  private static final IssuedCertificate STRANGER_CA = PKI.rootCa("C=US,O=other,CN=ca.other");
  private static final IssuedCertificate STRANGER = PKI.leaf("C=US,O=other,CN=someone", STRANGER_CA);

  private OperationsServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  private String start(List<IssuedCertificate> clientCas, ClientAuth auth) throws Exception {
    OperationsTls tls = OperationsTls.of(bytes(SERVER.pem()), bytes(SERVER.pkcs8Pem()),
        clientCas.stream().map(c -> bytes(c.pem())).toList(), auth);
    server = OperationsServer.builder(ListenAddress.parse("127.0.0.1:0")).tls(tls).start();
    assertThat(server.url()).startsWith("https://127.0.0.1:");
    return server.url();
  }

  /** A client that trusts the server's CA and presents {@code cert} when not null. */
  private static SSLContext client(IssuedCertificate cert) throws Exception {
    KeyStore trust = KeyStore.getInstance("PKCS12");
    trust.load(null, null);
    trust.setCertificateEntry("ca", SERVER_CA.x509Certificate());
    TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    tmf.init(trust);
    KeyManagerFactory kmf = null;
    if (cert != null) {
      KeyStore keys = KeyStore.getInstance("PKCS12");
      keys.load(null, null);
      keys.setKeyEntry("client", cert.privateKey().orElseThrow(), new char[0],
          new Certificate[] {cert.x509Certificate()});
      kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
      kmf.init(keys, new char[0]);
    }
    SSLContext c = SSLContext.getInstance("TLS");
    c.init(kmf == null ? null : kmf.getKeyManagers(), tmf.getTrustManagers(), null);
    return c;
  }

  @Test
  void withoutClientCasEveryPathIsServedOverTlsWithoutAClientCertificate() throws Exception {
    String url = start(List.of(), ClientAuth.ALL);
    for (String path : new String[] {"/healthz", "/metrics", "/version", "/logspec"}) {
      assertThat(Http.request("GET", url + path, null, client(null)).status()).as(path).isEqualTo(200);
    }
    assertThatThrownBy(() -> Http.get(url.replace("https:", "http:") + "/healthz"))
        .isInstanceOf(IOException.class);
  }

  @Test
  void withAClientCaForAllPathsTheHandshakeNeedsACertificateThatChainsToIt() throws Exception {
    String url = start(List.of(CLIENT_CA), ClientAuth.ALL);
    assertThat(Http.request("GET", url + "/healthz", null, client(CLIENT)).status()).isEqualTo(200);
    assertThat(Http.request("PUT", url + "/logspec", "{\"spec\":\"fatal\"}", client(CLIENT)).status())
        .isEqualTo(204);
    assertThatThrownBy(() -> Http.request("GET", url + "/healthz", null, client(null)))
        .isInstanceOf(IOException.class);
    assertThatThrownBy(() -> Http.request("GET", url + "/healthz", null, client(STRANGER)))
        .isInstanceOf(IOException.class);
  }

  @Test
  void withAClientCaForLogspecOnlyTheOtherPathsStayOpen() throws Exception {
    String url = start(List.of(CLIENT_CA), ClientAuth.LOGSPEC);
    assertThat(Http.request("GET", url + "/healthz", null, client(null)).status()).isEqualTo(200);
    assertThat(Http.request("GET", url + "/metrics", null, client(null)).status()).isEqualTo(200);
    assertThat(Http.request("GET", url + "/logspec", null, client(null)).status()).isEqualTo(401);
    assertThat(Http.request("PUT", url + "/logspec", "{\"spec\":\"fatal\"}", client(null)).status())
        .isEqualTo(401);
    assertThat(Http.request("GET", url + "/logspec", null, client(CLIENT)).status()).isEqualTo(200);
  }

  @Test
  void asFabricWithoutClientAuthRequiredMetricsAndLogspecNeedACertificate() throws Exception {
    String url = start(List.of(CLIENT_CA), ClientAuth.METRICS_LOGSPEC);
    assertThat(Http.request("GET", url + "/healthz", null, client(null)).status()).isEqualTo(200);
    assertThat(Http.request("GET", url + "/version", null, client(null)).status()).isEqualTo(200);
    assertThat(Http.request("GET", url + "/metrics", null, client(null)).status()).isEqualTo(401);
    assertThat(Http.request("GET", url + "/metrics", null, client(CLIENT)).status()).isEqualTo(200);
  }

  @Test
  void unusableTlsFilesAreStartUpErrorsThatSayWhich() {
    assertThatThrownBy(() -> OperationsTls.of(bytes("no PEM"), bytes(SERVER.pkcs8Pem()), List.of(),
        ClientAuth.ALL)).isInstanceOf(OperationsStartException.class)
        .hasMessageContaining("certificate");
    assertThatThrownBy(() -> OperationsTls.of(bytes(SERVER.pem()), bytes(SERVER.pem()), List.of(),
        ClientAuth.ALL)).isInstanceOf(OperationsStartException.class)
        .hasMessageContaining("no unencrypted private key");
    assertThatThrownBy(() -> OperationsTls.of(bytes(SERVER.pem()), bytes(CLIENT.pkcs8Pem()), List.of(),
        ClientAuth.ALL)).isInstanceOf(OperationsStartException.class)
        .hasMessageContaining("is not the key of the certificate");
  }
}
