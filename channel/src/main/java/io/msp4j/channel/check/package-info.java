/**
 * Checks the signers of what peers and orderers send, as Fabric v3.0 checks them: the creator of
 * a {@code SignedProposal}; the creator, header and endorsements of a transaction
 * {@code Envelope}; the data hash and orderer signatures of a {@code Block} and each of its
 * transactions. {@link io.msp4j.channel.check.SignerChecks} is the entry point; each check gives
 * a verdict value, valid or refused with a {@link io.msp4j.channel.check.Refusal} saying why.
 *
 * <p>The checks and their IDs (Fabric v3.0.0 sources in brackets):
 *
 * <ul>
 *   <li>{@code PROPOSAL-01}: a proposal decodes down to its chaincode input; header type
 *       ENDORSER_TRANSACTION or CONFIG, epoch 0, nonce and creator present, tx ID equal to
 *       hex(SHA-256(nonce || creator)) [core/endorser/msgvalidation.go].
 *   <li>{@code PROPOSAL-02}: the proposal's creator deserialises with the channel's MSPs, is
 *       valid, and its signature over {@code proposal_bytes} verifies.
 *   <li>{@code TX-PAYLOAD-01}: the envelope's payload decodes (Fabric: BAD_PAYLOAD).
 *   <li>{@code TX-HEADER-01}: channel and signature headers decode; type ENDORSER_TRANSACTION,
 *       CONFIG or CONFIG_UPDATE; epoch 0; nonce and creator present (BAD_COMMON_HEADER); the
 *       channel ID is the channel's, when it is known.
 *   <li>{@code TX-CREATOR-01}: the creator deserialises, is valid, and its signature over the
 *       payload bytes verifies (BAD_CREATOR_SIGNATURE) [core/common/validation/msgvalidation.go].
 *   <li>{@code TX-TYPE-01}: only ENDORSER_TRANSACTION and CONFIG transactions are accepted in a
 *       block (UNSUPPORTED_TX_PAYLOAD).
 *   <li>{@code TX-TXID-01}: the tx ID is hex(SHA-256(nonce || creator)) (BAD_PROPOSAL_TXID).
 *   <li>{@code TX-ENDORSER-01}: one action whose signature header has a nonce and a creator and
 *       whose proposal hash is SHA-256(channel header || action header || chaincode proposal
 *       payload) (INVALID_ENDORSER_TRANSACTION).
 *   <li>{@code TX-ENDORSEMENT-01}: every endorser deserialises, is valid, and its signature over
 *       {@code proposal_response_payload || endorser} verifies. Fabric drops such an endorsement
 *       and lets the chaincode's endorsement policy decide; msp4j names it.
 *       [core/common/validation/statebased/validator_keylevel.go]
 *   <li>{@code BLOCK-01}: a block has a header, data and the five metadata entries.
 *   <li>{@code BLOCK-DATA-01}: every transaction is well formed (an envelope with a payload and a
 *       signature that encodes back to the same bytes; skipped for a block holding one config
 *       transaction) and the header's data hash is SHA-256 of the transactions' bytes
 *       [protoutil/blockutils.go, common/deliverclient/block_verification.go].
 *   <li>{@code BLOCK-SIG-01}: the signatures of metadata entry SIGNATURES, each over
 *       {@code metadata value || signature header || ASN.1 DER of (number, previous hash, data
 *       hash)} (or the identifier header of a BFT consenter), satisfy the channel's
 *       {@code /Channel/Orderer/BlockValidation} policy [protoutil/blockutils.go].
 * </ul>
 *
 * <p>A block header delivered as an attestation on a BFT channel (DELIVER-BFT-02,
 * {@link io.msp4j.channel.check.SignerChecks#attestation}) passes BLOCK-01 (header and metadata;
 * its data is not looked at) and BLOCK-SIG-01, but not BLOCK-DATA-01, as Fabric's {@code
 * VerifyBlockAttestation} [common/deliverclient/block_verification.go].
 *
 * <p>When the MSPs or a policy decide, the refusal carries their reason and spec rule (such as
 * {@code REVOKED} and {@code VALIDATE-CRL-02}).
 *
 * <p>A block's transactions can be checked on several threads ({@link
 * io.msp4j.channel.check.SignerChecks#withExecutor}), as Fabric's committer validates them in
 * parallel; the verdicts and their order are those of the check on one thread.
 */
package io.msp4j.channel.check;
