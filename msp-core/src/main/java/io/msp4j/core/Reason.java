package io.msp4j.core;

/**
 * Machine-readable reasons for every failure msp4j reports. The spec rule that produced a
 * failure is carried next to the reason ({@link MspException#rule()}); the reason is the stable
 * key scripts should branch on.
 */
public enum Reason {
  // Reading an mspconfig folder or config.yaml (spec section 2).
  FOLDER_MISSING,
  FOLDER_EMPTY,
  FOLDER_NOT_A_DIRECTORY,
  FILE_UNREADABLE,
  FILE_TOO_LARGE,
  PATH_OUTSIDE_FOLDER,
  CONFIG_YAML_INVALID,
  SIGNCERTS_MISSING,
  KEY_NOT_FOUND,
  KEY_UNREADABLE,

  // Setting up an MSP (spec section 3).
  CONFIG_UNDECODABLE,
  NO_ROOT_CA,
  CERTIFICATE_UNPARSABLE,
  UNSUPPORTED_KEY,
  SANITIZE_FAILED,
  UNKNOWN_HASH_FUNCTION,
  CA_NOT_A_CA,
  CA_MISSING_SKI,
  CA_CHAIN_INVALID,
  CA_REVOKED,
  CRL_UNPARSABLE,
  CRL_SIGNATURE_UNDECODABLE,
  SIGNER_EXPIRED,
  SIGNER_KEY_MISSING,
  SIGNER_KEY_INVALID,
  TLS_CA_INVALID,
  OU_CERTIFICATE_INVALID,
  NODEOU_MISSING,
  NO_ADMINS,
  ADMIN_INVALID,

  // Deserialising and validating identities (spec sections 4 and 5).
  MALFORMED_IDENTITY,
  MSP_ID_MISMATCH,
  UNKNOWN_MSP,
  NOT_AN_X509_IDENTITY,
  KEY_ALGORITHM_NOT_ACCEPTED,
  IDENTITY_IS_CA,
  NO_CHAIN,
  AMBIGUOUS_CHAIN,
  CHAIN_TOO_SHORT,
  ISSUER_NOT_LEAF_CA,
  ISSUER_MISSING_SKI,
  CRL_MISSING_AKI,
  REVOKED,
  NO_OU,
  OU_NOT_CONFIGURED,
  NODEOU_NONE,
  NODEOU_MULTIPLE,
  NODEOU_CERTIFIERS_MISMATCH,

  // Principals, the MSP manager (spec sections 6 and 7).
  PRINCIPAL_MALFORMED,
  PRINCIPAL_UNSUPPORTED,
  PRINCIPAL_NOT_SATISFIED,
  MANAGER_NOT_SET_UP,

  // Live reconfiguration (io.msp4j.core.reload).
  /** A reloading MSP has not applied any configuration yet. */
  MSP_NOT_SET_UP,
  /**
   * Reading or setting up a configuration failed with an unexpected exception rather than a
   * setup failure; the configuration is refused like a failed one.
   */
  INTERNAL_ERROR,

  // Signatures and well-formedness (spec sections 5.3 and 5.4).
  SIGNATURE_MALFORMED,
  SIGNATURE_INVALID,
  HASH_FAMILY_UNSUPPORTED,
  NO_SIGNING_IDENTITY,
  SIGNING_FAILED,
  NOT_WELL_FORMED,

  // Policies (spec section 10).
  POLICY_DSL_SYNTAX,
  POLICY_DSL_PRINCIPAL,
  POLICY_DSL_COUNT,
  POLICY_INVALID,
  POLICY_NOT_SATISFIED,
  IMPLICIT_META_INVALID,

  // configtx.yaml and the channel org groups built from it (spec section 9).
  CONFIGTX_NOT_FOUND,
  CONFIGTX_INVALID,
  CONFIGTX_ORG_NOT_FOUND,
  CONFIGTX_POLICY_INVALID,
  CONFIGTX_MSP_TYPE_UNSUPPORTED,

  // Fabric messages as configtxlator's JSON.
  CONFIG_JSON_UNDECODABLE,

  // Channel configuration updates (spec section 11).
  UPDATE_MALFORMED,
  UPDATE_WRONG_TYPE,
  UPDATE_WRONG_CHANNEL,
  SIGNATURE_HEADER_MALFORMED,
  CHANNEL_ID_INVALID,
  CONFIG_KEY_INVALID,
  READ_SET_MISMATCH,
  DELTA_EMPTY,
  MOD_POLICY_INVALID,
  VERSION_MISMATCH,
  MOD_POLICY_NOT_FOUND,
  MOD_POLICY_NOT_SATISFIED,
  CONFIG_REBUILD_FAILED,
  SEQUENCE_MISMATCH,
  CONFIG_RESULT_MISMATCH,
  CONFIG_UNCHANGED,
  NEW_CONFIG_INVALID,
  MSP_ID_CHANGED,
  CONFIG_SECTION_CHANGED,
  ORDERER_ENDPOINTS_MISSING,
  UPDATE_LOCKS_OUT,
  /** A CA rotation asked of a channel cannot be planned as given (msp4j's rotation planner). */
  ROTATION_INPUT_INVALID,

  // Channel configurations: config blocks, org groups, capabilities, policies (sections 10.4, 11.3).
  CONFIG_BLOCK_MALFORMED,
  NOT_A_CONFIG_BLOCK,
  CHANNEL_CONFIG_INVALID,
  ORG_GROUP_INVALID,
  MSP_TYPE_UNSUPPORTED,
  /** The node's Fabric release does not know a capability or MSP version the input needs. */
  RELEASE_UNSUPPORTED,
  MSP_ID_EMPTY,
  MSP_ID_CONFLICT,
  POLICY_NOT_FOUND,

  // What peers and orderers send: proposals, transactions, blocks.
  PROPOSAL_MALFORMED,
  TRANSACTION_MALFORMED,
  TRANSACTION_TYPE_UNSUPPORTED,
  WRONG_CHANNEL,
  TXID_MISMATCH,
  PROPOSAL_HASH_MISMATCH,
  NO_ENDORSEMENTS,
  BLOCK_MALFORMED,
  BLOCK_DATA_HASH_MISMATCH,

  // Following a channel (DELIVER-nn): where a delivered block sits in the chain.
  /** A delivered block's number is not the one after the last verified block (DELIVER-02). */
  BLOCK_OUT_OF_SEQUENCE,
  /** A delivered block's previous hash is not the hash of the last verified header (DELIVER-02). */
  BLOCK_CHAIN_BROKEN,
  /** A block given as a trust anchor cannot anchor a channel (DELIVER-01). */
  ANCHOR_INVALID,

  // Keys in a hardware security module through PKCS#11 (spec Appendix D, P11-01..05).
  /** The BCCSP configuration is missing a setting or has a wrong one. */
  BCCSP_CONFIG_INVALID,
  /** The PKCS#11 library cannot be loaded or initialised. */
  PKCS11_LIBRARY_UNAVAILABLE,
  /** No slot holds a token with the configured label, or the token went away. */
  TOKEN_NOT_FOUND,
  /** The token refused the login (a wrong PIN, a locked PIN). */
  TOKEN_LOGIN_FAILED,
  /** A call to the token failed (the device went away, it refused the operation). */
  TOKEN_FAILURE,
  /** The token cannot make this kind of signature. */
  TOKEN_MECHANISM_UNSUPPORTED,
  /** The key found on the token is not the signing certificate's key. */
  TOKEN_KEY_MISMATCH,

  // Resource limits on hostile input (rules LIMIT-nn, docs/security.md): an input larger, deeper
  // or more numerous than anything Fabric's tools make.
  LIMIT_EXCEEDED,

  // Idemix (spec Appendix G): issuer keys, identity proofs, and the pseudonyms msp4j refuses
  // although Fabric accepts them (MSP4J-IDEMIX-STRICT-nn).
  IDEMIX_ISSUER_KEY_INVALID,
  IDEMIX_PROOF_INVALID,
  IDEMIX_PSEUDONYM_FORGED,
  /** The revocation public key of an idemix MSP does not import. */
  IDEMIX_REVOCATION_KEY_INVALID,
  /** The signer of an idemix MSP (secret key, credential, revocation information) is unusable. */
  IDEMIX_SIGNER_INVALID,
}
