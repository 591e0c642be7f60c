package com.example.signers;

import io.msp4j.config.MspFolderConfig;
import io.msp4j.config.MspFolders;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.Msp;
import io.msp4j.core.MspManager;
import io.msp4j.core.MspVersion;
import io.msp4j.core.policy.PolicyDsl;
import io.msp4j.core.policy.PolicyResult;
import io.msp4j.core.policy.SignaturePolicies;
import io.msp4j.core.policy.SignedData;
import io.msp4j.x509.SetupOptions;
import io.msp4j.x509.X509Msps;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Checks signers the way a Fabric peer does, with msp4j's public API only: the creator of a
 * message (the serialized identity is routed to the MSP it names, validated with Fabric's rules,
 * and its signature verified), and a set of endorsements against an endorsement policy written in
 * Fabric's policy language.
 */
public final class SignerCheck {
  private final MspManager msps;

  private SignerCheck(MspManager msps) {
    this.msps = msps;
  }

  /** The organisations' channel (verifying) MSPs, read from their mspconfig folders. */
  public static SignerCheck ofFolders(Map<String, Path> folderByMspId) {
    List<Msp> list = new ArrayList<>();
    folderByMspId.forEach((mspId, dir) -> {
      MspFolderConfig folder = MspFolders.readVerifying(dir, mspId);
      list.add(X509Msps.setup(folder.mspConfig(), MspVersion.V3_0,
          SetupOptions.defaults().withSources(folder.sources())));
    });
    return new SignerCheck(MspManager.of(list));
  }

  /**
   * The signer of {@code message}, when its identity is valid in its organisation and its
   * signature verifies.
   *
   * @throws IdentityException with the reason and the spec rule when it is not
   */
  public Identity signer(byte[] serializedIdentity, byte[] message, byte[] signature) {
    Identity id = msps.deserialize(serializedIdentity);
    id.validate();
    id.verify(message, signature);
    return id;
  }

  /**
   * Whether {@code endorsements} satisfy {@code policy}, such as {@code AND('Org1MSP.peer',
   * 'Org2MSP.peer')}, with Fabric's evaluation: signers deserialised by their MSP, duplicates and
   * bad signatures dropped, principals that need a valid identity checked by its MSP.
   */
  public PolicyResult endorsement(String policy, List<SignedData> endorsements) {
    return SignaturePolicies.compile(PolicyDsl.compile(policy), msps::deserialize)
        .evaluate(endorsements);
  }

  /**
   * {@code SignerCheck MSPID=DIR... IDENTITY MESSAGE SIGNATURE}: prints the signer, or why it is
   * not one, and exits 0 or 1.
   */
  public static void main(String[] args) throws Exception {
    if (args.length < 4) {
      System.err.println("usage: SignerCheck MSPID=DIR... IDENTITY MESSAGE SIGNATURE");
      System.exit(3);
    }
    Map<String, Path> folders = new java.util.LinkedHashMap<>();
    for (int i = 0; i < args.length - 3; i++) {
      String[] kv = args[i].split("=", 2);
      folders.put(kv[0], Path.of(kv[1]));
    }
    int n = args.length;
    try {
      Identity id = ofFolders(folders).signer(Files.readAllBytes(Path.of(args[n - 3])),
          Files.readAllBytes(Path.of(args[n - 2])), Files.readAllBytes(Path.of(args[n - 1])));
      System.out.println("signed by " + id.mspId() + " " + id.certificate().subject());
    } catch (IdentityException e) {
      System.out.println("not a valid signer [" + e.rule() + "] " + e.reason() + ": " + e.detail());
      System.exit(1);
    }
  }
}
