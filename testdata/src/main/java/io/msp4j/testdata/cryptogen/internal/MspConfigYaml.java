package io.msp4j.testdata.cryptogen.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * The text of an MSP's {@code config.yaml} as cryptogen (Fabric v3) writes it: Go's YAML encoder
 * with four-space indentation, {@code OrganizationalUnitIdentifiers} first, then {@code NodeOUs}
 * with the client, peer, admin and orderer identifiers, each bound to the same CA certificate.
 */
final class MspConfigYaml {
  private MspConfigYaml() {}

  /**
   * @param caFile the CA certificate path relative to the MSP folder
   * @param nodeOUs whether to write the NodeOUs section
   * @param ouIdentifiers OU strings to bind to {@code caFile} (may be empty)
   */
  static String render(String caFile, boolean nodeOUs, List<String> ouIdentifiers) {
    Map<String, Object> config = new LinkedHashMap<>();
    if (!ouIdentifiers.isEmpty()) {
      List<Object> ids = new ArrayList<>();
      for (String ou : ouIdentifiers) {
        ids.add(identifier(caFile, ou));
      }
      config.put("OrganizationalUnitIdentifiers", ids);
    }
    if (nodeOUs) {
      Map<String, Object> n = new LinkedHashMap<>();
      n.put("Enable", true);
      n.put("ClientOUIdentifier", identifier(caFile, "client"));
      n.put("PeerOUIdentifier", identifier(caFile, "peer"));
      n.put("AdminOUIdentifier", identifier(caFile, "admin"));
      n.put("OrdererOUIdentifier", identifier(caFile, "orderer"));
      config.put("NodeOUs", n);
    }
    DumperOptions options = new DumperOptions();
    options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
    options.setIndent(4);
    options.setIndicatorIndent(2);
    options.setIndentWithIndicator(false);
    options.setLineBreak(DumperOptions.LineBreak.UNIX);
    options.setWidth(Integer.MAX_VALUE);
    return new Yaml(options).dump(config);
  }

  private static Map<String, Object> identifier(String caFile, String ou) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("Certificate", caFile);
    m.put("OrganizationalUnitIdentifier", ou);
    return m;
  }
}
