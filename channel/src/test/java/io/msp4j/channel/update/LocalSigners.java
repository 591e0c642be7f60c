package io.msp4j.channel.update;

import io.msp4j.config.MspFolderConfig;
import io.msp4j.config.MspFolders;
import io.msp4j.core.MspVersion;
import io.msp4j.core.SigningIdentity;
import io.msp4j.x509.SetupOptions;
import io.msp4j.x509.X509Msp;
import io.msp4j.x509.X509Msps;
import java.nio.file.Path;

/** Signing identities from generated local MSP folders, as {@code msp configtx sign} reads them. */
final class LocalSigners {
  private LocalSigners() {}

  static SigningIdentity of(Path localMspDir, String mspId) {
    MspFolderConfig folder = MspFolders.readLocal(localMspDir, mspId);
    X509Msp msp = X509Msps.setup(folder.mspConfig(), MspVersion.V3_0,
        SetupOptions.defaults().withKeyStore(folder.keyStore()).withSources(folder.sources()));
    return msp.defaultSigningIdentity();
  }

  static X509Msp channelMsp(Path mspDir, String mspId) {
    return X509Msps.setup(MspFolders.readVerifying(mspDir, mspId).mspConfig(), MspVersion.V3_0);
  }
}
