package io.msp4j.x509;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where each entry of an MSP configuration came from, such as {@code cacerts/ca.pem} for
 * {@code root_certs[0]}, so that setup errors name the file an operator can open. Configurations
 * read from a channel block have no files; {@link #none()} then leaves messages with the protobuf
 * field names.
 */
@FunctionalInterface
public interface ConfigSources {

  /**
   * The source of entry {@code index} of the repeated {@code field} (FabricMSPConfig field name,
   * such as {@code root_certs}); single fields use index 0.
   */
  Optional<String> source(String field, int index);

  /** No source information. */
  static ConfigSources none() {
    return (field, index) -> Optional.empty();
  }

  /** Sources given as lists per field name. */
  static ConfigSources of(Map<String, List<String>> byField) {
    Map<String, List<String>> copy = Map.copyOf(byField);
    return (field, index) -> {
      List<String> names = copy.get(field);
      return names == null || index < 0 || index >= names.size()
          ? Optional.empty()
          : Optional.of(names.get(index));
    };
  }
}
