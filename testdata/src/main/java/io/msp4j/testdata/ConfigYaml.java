package io.msp4j.testdata;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * The {@code config.yaml} of an MSP folder (CFGYAML-02): OU identifiers and NodeOUs, written in the
 * layout of Fabric's tools (keys in Fabric's struct order, two-space indentation, list items at the
 * parent's indentation). An identifier field given as {@code null} is left out; an empty string is
 * written as {@code ''}. Immutable; build with {@link #builder()}.
 *
 * <pre>{@code
 * NodeOUs:
 *   Enable: true
 *   ClientOUIdentifier:
 *     Certificate: cacerts/cacert.pem
 *     OrganizationalUnitIdentifier: client
 * }</pre>
 */
public final class ConfigYaml {
  private final List<OuEntry> ouIdentifiers;
  private final boolean nodeOusPresent;
  private final boolean enable;
  private final OuEntry client;
  private final OuEntry peer;
  private final OuEntry admin;
  private final OuEntry orderer;

  /** One {Certificate, OrganizationalUnitIdentifier} pair; either may be null (left out). */
  private static final class OuEntry {
    final String certificate;
    final String ou;

    OuEntry(String certificate, String ou) {
      this.certificate = certificate;
      this.ou = ou;
    }

    Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      if (certificate != null) {
        m.put("Certificate", certificate);
      }
      if (ou != null) {
        m.put("OrganizationalUnitIdentifier", ou);
      }
      return m;
    }
  }

  private ConfigYaml(Builder b) {
    this.ouIdentifiers = List.copyOf(b.ouIdentifiers);
    this.nodeOusPresent = b.nodeOusPresent;
    this.enable = b.enable;
    this.client = b.client;
    this.peer = b.peer;
    this.admin = b.admin;
    this.orderer = b.orderer;
  }

  /** A new, empty configuration builder. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * NodeOUs enabled with the four identifiers cryptogen writes: {@code client}, {@code peer},
   * {@code admin}, {@code orderer}, each bound to {@code caCertPath}.
   */
  public static ConfigYaml cryptogenNodeOus(String caCertPath) {
    return builder()
        .nodeOus(true)
        .clientOu(caCertPath, "client")
        .peerOu(caCertPath, "peer")
        .adminOu(caCertPath, "admin")
        .ordererOu(caCertPath, "orderer")
        .build();
  }

  /** The YAML text. */
  public String toYaml() {
    Map<String, Object> root = new LinkedHashMap<>();
    if (!ouIdentifiers.isEmpty()) {
      List<Object> list = new ArrayList<>();
      for (OuEntry e : ouIdentifiers) {
        list.add(e.toMap());
      }
      root.put("OrganizationalUnitIdentifiers", list);
    }
    if (nodeOusPresent) {
      Map<String, Object> n = new LinkedHashMap<>();
      n.put("Enable", enable);
      putIf(n, "ClientOUIdentifier", client);
      putIf(n, "PeerOUIdentifier", peer);
      putIf(n, "AdminOUIdentifier", admin);
      putIf(n, "OrdererOUIdentifier", orderer);
      root.put("NodeOUs", n);
    }
    if (root.isEmpty()) {
      return "{}\n";
    }
    DumperOptions o = new DumperOptions();
    o.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
    o.setIndent(2);
    o.setLineBreak(DumperOptions.LineBreak.UNIX);
    return new Yaml(o).dump(root);
  }

  private static void putIf(Map<String, Object> m, String key, OuEntry e) {
    if (e != null) {
      m.put(key, e.toMap());
    }
  }

  @Override
  public String toString() {
    return toYaml();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ConfigYaml && toYaml().equals(((ConfigYaml) o).toYaml());
  }

  @Override
  public int hashCode() {
    return toYaml().hashCode();
  }

  /** Builder of {@link ConfigYaml}. */
  public static final class Builder {
    private final List<OuEntry> ouIdentifiers = new ArrayList<>();
    private boolean nodeOusPresent;
    private boolean enable;
    private OuEntry client;
    private OuEntry peer;
    private OuEntry admin;
    private OuEntry orderer;

    private Builder() {}

    /** Appends an OrganizationalUnitIdentifiers entry (path relative to the MSP folder). */
    public Builder ouIdentifier(String certificatePath, String organizationalUnit) {
      ouIdentifiers.add(new OuEntry(certificatePath, organizationalUnit));
      return this;
    }

    /** Writes a NodeOUs section with this Enable value. */
    public Builder nodeOus(boolean enable) {
      this.nodeOusPresent = true;
      this.enable = enable;
      return this;
    }

    /** ClientOUIdentifier (implies a NodeOUs section). */
    public Builder clientOu(String certificatePath, String organizationalUnit) {
      nodeOusPresent = true;
      client = new OuEntry(certificatePath, organizationalUnit);
      return this;
    }

    /** PeerOUIdentifier (implies a NodeOUs section). */
    public Builder peerOu(String certificatePath, String organizationalUnit) {
      nodeOusPresent = true;
      peer = new OuEntry(certificatePath, organizationalUnit);
      return this;
    }

    /** AdminOUIdentifier (implies a NodeOUs section). */
    public Builder adminOu(String certificatePath, String organizationalUnit) {
      nodeOusPresent = true;
      admin = new OuEntry(certificatePath, organizationalUnit);
      return this;
    }

    /** OrdererOUIdentifier (implies a NodeOUs section). */
    public Builder ordererOu(String certificatePath, String organizationalUnit) {
      nodeOusPresent = true;
      orderer = new OuEntry(certificatePath, organizationalUnit);
      return this;
    }

    /** The immutable configuration. */
    public ConfigYaml build() {
      return new ConfigYaml(this);
    }
  }
}
