package io.msp4j.cli;

import io.msp4j.core.Identity;

/** How the commands that sign name their signer. */
final class Signers {
  private Signers() {}

  /** "signer subject "…", serial …", or for an idemix signer its OU, role and pseudonym. */
  static String describe(Identity signer) {
    if (signer.anonymous()) {
      return "anonymous signer: " + signer.certificate().subject();
    }
    return "signer subject \"" + signer.certificate().subject() + "\", serial "
        + signer.certificate().serialHex();
  }
}
