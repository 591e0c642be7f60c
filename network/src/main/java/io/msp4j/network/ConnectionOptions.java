package io.msp4j.network;

import io.msp4j.network.internal.TlsMaterial;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How to reach a Fabric service, with the settings Fabric's own clients take: one or more
 * endpoints, the TLS root CAs that the servers' certificates must chain to, an optional client
 * certificate and key for mutual TLS, a server-name override, connect and keepalive timeouts, and
 * the largest message accepted. Plain-text connections happen only when asked for with {@link
 * Builder#plaintext()}. Immutable; the PEM given is parsed when the options are built, so that
 * options that exist can be used.
 *
 * <pre>{@code
 * ConnectionOptions o = ConnectionOptions.builder()
 *     .endpoint(Endpoint.parse("orderer.example.com:7050"))
 *     .tlsRootCert("tlsca.example.com-cert.pem", pemBytes)
 *     .build();
 * }</pre>
 */
public final class ConnectionOptions {
  /** Fabric's default largest gRPC message, 100 MiB. */
  public static final int DEFAULT_MAX_MESSAGE_BYTES = 100 * 1024 * 1024;

  private final List<Endpoint> endpoints;
  private final List<X509Certificate> tlsRoots;
  private final Optional<X509Certificate> clientCertificate;
  private final Optional<PrivateKey> clientKey;
  private final Optional<String> serverName;
  private final Duration connectTimeout;
  private final Duration keepaliveTime;
  private final Duration keepaliveTimeout;
  private final int maxMessageBytes;
  private final boolean plaintext;

  private ConnectionOptions(Builder b, List<X509Certificate> roots,
      Optional<X509Certificate> clientCertificate, Optional<PrivateKey> clientKey) {
    this.endpoints = List.copyOf(b.endpoints);
    this.tlsRoots = List.copyOf(roots);
    this.clientCertificate = clientCertificate;
    this.clientKey = clientKey;
    this.serverName = b.serverName;
    this.connectTimeout = b.connectTimeout;
    this.keepaliveTime = b.keepaliveTime;
    this.keepaliveTimeout = b.keepaliveTimeout;
    this.maxMessageBytes = b.maxMessageBytes;
    this.plaintext = b.plaintext;
  }

  /** A builder with Fabric's client defaults: TLS on, 10 s to connect, keepalive 60 s / 20 s. */
  public static Builder builder() {
    return new Builder();
  }

  /** The endpoints, in the order they are tried. */
  public List<Endpoint> endpoints() {
    return endpoints;
  }

  /** The TLS root CAs the servers' certificates must chain to. */
  public List<X509Certificate> tlsRoots() {
    return tlsRoots;
  }

  /** The client certificate presented for mutual TLS, if any. */
  public Optional<X509Certificate> clientCertificate() {
    return clientCertificate;
  }

  /** The client certificate's key, present exactly when {@link #clientCertificate()} is. */
  public Optional<PrivateKey> clientKey() {
    return clientKey;
  }

  /** The name the servers' certificates must carry, instead of the endpoint's host. */
  public Optional<String> serverName() {
    return serverName;
  }

  /** How long to wait for a connection. */
  public Duration connectTimeout() {
    return connectTimeout;
  }

  /** How long a connection may be idle before a keepalive ping (Fabric's default: 60 s). */
  public Duration keepaliveTime() {
    return keepaliveTime;
  }

  /** How long to wait for a keepalive answer before the connection counts as broken. */
  public Duration keepaliveTimeout() {
    return keepaliveTimeout;
  }

  /** The largest message received, in bytes. */
  public int maxMessageBytes() {
    return maxMessageBytes;
  }

  /** Whether connections are plain text (no TLS), which only {@link Builder#plaintext()} sets. */
  public boolean plaintext() {
    return plaintext;
  }

  /**
   * The SHA-256 of the client certificate's DER, which Fabric's clients put in a request's
   * channel header under mutual TLS (DELIVER-08); empty without a client certificate.
   */
  public Optional<byte[]> clientCertificateHash() {
    return clientCertificate.map(TlsMaterial::certificateHash);
  }

  /** These options with other endpoints and the same TLS settings. */
  public ConnectionOptions withEndpoints(List<Endpoint> others) {
    Builder b = toBuilder();
    b.endpoints.clear();
    others.forEach(b::endpoint);
    return b.build(tlsRoots);
  }

  /** These options also trusting these TLS roots (such as those of a channel's orderer orgs). */
  public ConnectionOptions withMoreTlsRoots(List<X509Certificate> more) {
    List<X509Certificate> all = new ArrayList<>(tlsRoots);
    for (X509Certificate c : more) {
      if (!all.contains(c)) {
        all.add(c);
      }
    }
    return toBuilder().build(all);
  }

  private Builder toBuilder() {
    Builder b = new Builder();
    b.endpoints.addAll(endpoints);
    b.clientCertificate = clientCertificate.orElse(null);
    b.clientKey = clientKey.orElse(null);
    b.serverName = serverName;
    b.connectTimeout = connectTimeout;
    b.keepaliveTime = keepaliveTime;
    b.keepaliveTimeout = keepaliveTimeout;
    b.maxMessageBytes = maxMessageBytes;
    b.plaintext = plaintext;
    return b;
  }

  @Override
  public String toString() {
    return "ConnectionOptions{endpoints=" + endpoints + (plaintext ? ", plaintext" : ", tls roots="
        + tlsRoots.size() + (clientCertificate.isPresent() ? ", mutual TLS" : ""))
        + serverName.map(n -> ", server name " + n).orElse("") + "}";
  }

  /** Builds {@link ConnectionOptions}. */
  public static final class Builder {
    private final List<Endpoint> endpoints = new ArrayList<>();
    private final List<X509Certificate> roots = new ArrayList<>();
    private X509Certificate clientCertificate;
    private PrivateKey clientKey;
    private Optional<String> serverName = Optional.empty();
    private Duration connectTimeout = Duration.ofSeconds(10);
    private Duration keepaliveTime = Duration.ofSeconds(60);
    private Duration keepaliveTimeout = Duration.ofSeconds(20);
    private int maxMessageBytes = DEFAULT_MAX_MESSAGE_BYTES;
    private boolean plaintext;

    private Builder() {}

    /** Adds an endpoint; they are tried in the order added. */
    public Builder endpoint(Endpoint e) {
      endpoints.add(Objects.requireNonNull(e, "endpoint"));
      return this;
    }

    /**
     * Adds the TLS root CA certificates of a PEM file (one or more CERTIFICATE blocks).
     *
     * @param origin names the PEM in errors, such as its file name
     * @throws NetworkException of kind CONFIGURATION when the PEM holds no certificate or one
     *     that does not parse
     */
    public Builder tlsRootCert(String origin, byte[] pem) {
      roots.addAll(TlsMaterial.certificates(origin, pem));
      return this;
    }

    /**
     * Sets the client certificate and key for mutual TLS, from PEM (the key as PKCS#8 or SEC 1,
     * as Fabric's tools write it).
     *
     * @throws NetworkException of kind CONFIGURATION when either does not parse or the key is
     *     not the certificate's
     */
    public Builder clientCertificate(String certOrigin, byte[] certPem, String keyOrigin,
        byte[] keyPem) {
      List<X509Certificate> certs = TlsMaterial.certificates(certOrigin, certPem);
      PrivateKey key = TlsMaterial.privateKey(keyOrigin, keyPem);
      TlsMaterial.checkPair(certOrigin, certs.get(0), keyOrigin, key);
      this.clientCertificate = certs.get(0);
      this.clientKey = key;
      return this;
    }

    /** The name the server certificates must carry (as Fabric's {@code serverhostoverride}). */
    public Builder serverName(String name) {
      Objects.requireNonNull(name, "name");
      this.serverName = name.isEmpty() ? Optional.empty() : Optional.of(name);
      return this;
    }

    /** How long to wait for a connection (default 10 s). */
    public Builder connectTimeout(Duration d) {
      this.connectTimeout = positive(d, "connect timeout");
      return this;
    }

    /**
     * Keepalive ping interval and answer timeout (default 60 s and 20 s). Fabric's servers close
     * connections that ping more often than their minimum interval, 60 s by default.
     */
    public Builder keepalive(Duration time, Duration timeout) {
      this.keepaliveTime = positive(time, "keepalive time");
      this.keepaliveTimeout = positive(timeout, "keepalive timeout");
      return this;
    }

    /** The largest message received, in bytes (default 100 MiB, as Fabric's). */
    public Builder maxMessageBytes(int bytes) {
      if (bytes < 1024) {
        throw new IllegalArgumentException("a largest message of " + bytes + " bytes is too small for a block");
      }
      this.maxMessageBytes = bytes;
      return this;
    }

    /** Plain-text connections, without TLS: only for services that have TLS off. */
    public Builder plaintext() {
      this.plaintext = true;
      return this;
    }

    /**
     * The options.
     *
     * @throws IllegalArgumentException when there is no endpoint, when TLS is on without a root
     *     CA, or when plain text is asked for together with TLS material
     */
    public ConnectionOptions build() {
      return build(roots);
    }

    private ConnectionOptions build(List<X509Certificate> tlsRoots) {
      if (endpoints.isEmpty()) {
        throw new IllegalArgumentException("no endpoint to connect to");
      }
      if (plaintext && (!tlsRoots.isEmpty() || clientCertificate != null)) {
        throw new IllegalArgumentException("plain text was asked for together with TLS certificates");
      }
      if (!plaintext && tlsRoots.isEmpty()) {
        throw new IllegalArgumentException("TLS needs at least one root CA certificate (or ask for plain text)");
      }
      return new ConnectionOptions(this, tlsRoots, Optional.ofNullable(clientCertificate),
          Optional.ofNullable(clientKey));
    }

    private static Duration positive(Duration d, String what) {
      Objects.requireNonNull(d, what);
      if (d.isNegative() || d.isZero()) {
        throw new IllegalArgumentException("the " + what + " must be positive, not " + d);
      }
      return d;
    }
  }
}
