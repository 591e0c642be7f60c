package io.msp4j.testdata;

import java.security.Provider;
import org.bouncycastle.jce.provider.BouncyCastleProvider;

/** The Bouncy Castle provider instance used by this module; never registered globally. */
final class BcProvider {
  static final Provider INSTANCE = new BouncyCastleProvider();

  private BcProvider() {}
}
