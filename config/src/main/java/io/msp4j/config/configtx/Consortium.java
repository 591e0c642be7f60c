package io.msp4j.config.configtx;

import java.util.List;

/** A consortium of a profile: the organisations that may create channels together. */
public record Consortium(List<Organization> organizations) {
  public Consortium {
    organizations = List.copyOf(organizations);
  }
}
