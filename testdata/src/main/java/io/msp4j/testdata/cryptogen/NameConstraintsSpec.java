package io.msp4j.testdata.cryptogen;

import java.util.List;

/**
 * A name constraints extension for a CA. Entries are DNS names ({@code example.com}, {@code
 * .example.com}) or IP ranges in CIDR form ({@code 10.0.0.0/8}). In YAML: {@code NameConstraints:
 * {Permitted: [example.com], Excluded: [bad.example.com], Critical: true}}.
 *
 * @param permitted the permitted subtrees
 * @param excluded the excluded subtrees
 * @param critical whether the extension is marked critical
 */
public record NameConstraintsSpec(List<String> permitted, List<String> excluded, boolean critical) {
  public NameConstraintsSpec {
    permitted = List.copyOf(permitted);
    excluded = List.copyOf(excluded);
    if (permitted.isEmpty() && excluded.isEmpty()) {
      throw new IllegalArgumentException("name constraints need a Permitted or Excluded entry");
    }
  }
}
