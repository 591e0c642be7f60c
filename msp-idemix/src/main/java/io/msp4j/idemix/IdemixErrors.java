package io.msp4j.idemix;

import io.msp4j.core.IdentityException;

/** Turns the module's refusals into the {@link IdentityException}s the {@code Msp} API throws. */
final class IdemixErrors {
  private IdemixErrors() {}

  static IdentityException identity(IdemixException e, IdemixMspIdentity id) {
    return new IdentityException(e.reason(), e.rule(), e.detail(), id == null ? null : id.certificate(), e);
  }

  static IdentityException identity(IdemixException e) {
    return identity(e, null);
  }
}
