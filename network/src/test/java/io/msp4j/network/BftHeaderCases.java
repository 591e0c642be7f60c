package io.msp4j.network;

import com.google.protobuf.ByteString;
import io.msp4j.core.SigningIdentity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hyperledger.fabric.protos.common.Block;
import org.hyperledger.fabric.protos.common.BlockHeader;
import org.hyperledger.fabric.protos.common.BlockMetadata;
import org.hyperledger.fabric.protos.common.MetadataSignature;

/**
 * Block headers as a BFT deliver client may receive them from an orderer's {@code
 * HEADER_WITH_SIG} stream, well made or forged, each to be judged under the configuration of
 * one config block of a {@link BftTestChain}: genesis (four consenters, quorum 3), or block 2,
 * which removes consenter 4 (three consenters, quorum 2). The chain must be made by {@link
 * #chain}.
 */
final class BftHeaderCases {
  /** The config block a case is judged under. */
  static final int GENESIS = 0;
  static final int AFTER_REMOVAL = 2;

  /** A header to judge, under the config of block {@code config}. */
  record Case(String name, int config, Block block) {}

  private final BftTestChain chain;

  private BftHeaderCases(BftTestChain chain) {
    this.chain = chain;
  }

  /** The chain the cases are cut from: 1 transactions, 2 consenter 4 removed, 3 transactions. */
  static BftTestChain chain(java.nio.file.Path dir) {
    BftTestChain c = new BftTestChain(dir);
    c.genesis(List.of(7051, 7052, 7053, 7054));
    c.appendTransactions(2);
    c.appendConsenterRemoval(4);
    c.appendTransactions(1);
    return c;
  }

  /** The cases, by name, in a fixed order. */
  static Map<String, Case> of(BftTestChain chain) {
    return new BftHeaderCases(chain).all();
  }

  private Map<String, Case> all() {
    Map<String, Case> m = new LinkedHashMap<>();
    Block b1 = stripped(chain.block(1));
    BlockHeader h1 = b1.getHeader();
    ByteString v1 = BftSignatures.value(0);
    add(m, "valid-quorum", GENESIS, signed(b1, v1, 1, 2, 3));
    add(m, "valid-all-four", GENESIS, signed(b1, v1, 1, 2, 3, 4));
    add(m, "one-short", GENESIS, signed(b1, v1, 1, 2));
    add(m, "empty-signature-set", GENESIS, signed(b1, v1));
    add(m, "same-consenter-twice", GENESIS, signed(b1, v1, 1, 1, 2));
    MetadataSignature one = sig(1, 1, v1, h1);
    add(m, "same-signature-thrice", GENESIS, with(b1, v1, one, one, one));
    add(m, "unknown-id-short", GENESIS, with(b1, v1, sig(1, 1, v1, h1), sig(2, 2, v1, h1),
        sig(7, 3, v1, h1)));
    add(m, "unknown-id-beside-quorum", GENESIS, with(b1, v1, sig(1, 1, v1, h1), sig(2, 2, v1, h1),
        sig(3, 3, v1, h1), sig(9, 4, v1, h1)));
    add(m, "client-by-signature-header", GENESIS, with(b1, v1, sig(1, 1, v1, h1),
        sig(2, 2, v1, h1), BftSignatures.bySignatureHeader(chain.org1User, v1, h1)));
    add(m, "orderer-admin-by-signature-header", GENESIS, with(b1, v1, sig(1, 1, v1, h1),
        sig(2, 2, v1, h1), BftSignatures.bySignatureHeader(chain.ordererAdmin, v1, h1)));
    add(m, "consenter-by-signature-header", GENESIS, with(b1, v1, sig(1, 1, v1, h1),
        sig(2, 2, v1, h1), BftSignatures.bySignatureHeader(chain.signer(3), v1, h1)));
    add(m, "both-headers", GENESIS, with(b1, v1, sig(1, 1, v1, h1), sig(2, 2, v1, h1),
        sig(3, 3, v1, h1).toBuilder().setSignatureHeader(
            BftSignatures.bySignatureHeader(chain.signer(3), v1, h1).getSignatureHeader()).build()));
    add(m, "id-3-signed-by-key-4", GENESIS, with(b1, v1, sig(1, 1, v1, h1), sig(2, 2, v1, h1),
        sig(3, 4, v1, h1)));
    Block good = signed(b1, v1, 1, 2, 3);
    add(m, "number-changed-after-signing", GENESIS, header(good, h1.toBuilder().setNumber(5)));
    add(m, "data-hash-changed-after-signing", GENESIS, header(good,
        h1.toBuilder().setDataHash(flip(h1.getDataHash()))));
    add(m, "previous-hash-changed-after-signing", GENESIS, header(good,
        h1.toBuilder().setPreviousHash(flip(h1.getPreviousHash()))));
    add(m, "value-changed-after-signing", GENESIS, with(b1, BftSignatures.value(1),
        sig(1, 1, v1, h1), sig(2, 2, v1, h1), sig(3, 3, v1, h1)));
    add(m, "bit-flipped-signature", GENESIS, with(b1, v1, sig(1, 1, v1, h1), sig(2, 2, v1, h1),
        sig(3, 3, v1, h1).toBuilder().setSignature(flip(sig(3, 3, v1, h1).getSignature())).build()));
    add(m, "four-metadata-entries", GENESIS, good.toBuilder().setMetadata(BlockMetadata
        .newBuilder().addAllMetadata(good.getMetadata().getMetadataList().subList(0, 4))).build());
    add(m, "six-metadata-entries", GENESIS, good.toBuilder().setMetadata(good.getMetadata()
        .toBuilder().addMetadata(ByteString.EMPTY)).build());
    add(m, "corrupt-signatures-metadata", GENESIS, BftSignatures.withSignaturesMetadata(b1,
        ByteString.copyFrom(new byte[] {0x12, 0x7f, 0x0a})));
    add(m, "identifier-header-garbage", GENESIS, with(b1, v1, sig(1, 1, v1, h1), sig(2, 2, v1, h1),
        sig(3, 3, v1, h1), MetadataSignature.newBuilder()
            .setIdentifierHeader(ByteString.copyFrom(new byte[] {0x08})).build()));
    add(m, "empty-entry-beside-quorum", GENESIS, with(b1, v1, sig(1, 1, v1, h1),
        sig(2, 2, v1, h1), sig(3, 3, v1, h1), MetadataSignature.getDefaultInstance()));
    add(m, "data-kept", GENESIS, signed(chain.block(1), v1, 1, 2, 3));
    add(m, "config-block-whole", GENESIS, chain.block(2));
    add(m, "config-block-stripped", GENESIS, stripped(chain.block(2)));
    Block b3 = stripped(chain.block(3));
    ByteString v3 = BftSignatures.value(2);
    add(m, "removed-consenter-under-genesis", GENESIS, signed(b3, v3, 1, 2, 4));
    add(m, "removed-consenter-under-new-config", AFTER_REMOVAL, signed(b3, v3, 1, 4));
    add(m, "quorum-of-three-under-new-config", AFTER_REMOVAL, signed(b3, v3, 1, 3));
    add(m, "one-of-three-under-new-config", AFTER_REMOVAL, signed(b3, v3, 2));
    return m;
  }

  private static void add(Map<String, Case> m, String name, int config, Block b) {
    m.put(name, new Case(name, config, b));
  }

  /** The block's header and metadata alone, whatever the block holds. */
  private static Block stripped(Block b) {
    return Block.newBuilder().setHeader(b.getHeader()).setMetadata(b.getMetadata()).build();
  }

  private Block signed(Block b, ByteString value, int... ids) {
    List<MetadataSignature> sigs = new ArrayList<>();
    for (int id : ids) {
      sigs.add(sig(id, id, value, b.getHeader()));
    }
    return BftSignatures.withSignatures(b, value, sigs);
  }

  /** A signature naming consenter {@code id}, made with the key of consenter {@code key}. */
  private MetadataSignature sig(int id, int key, ByteString value, BlockHeader h) {
    SigningIdentity signer = chain.signer(key);
    return BftSignatures.byConsenter(id, signer, value, h);
  }

  private static Block with(Block b, ByteString value, MetadataSignature... sigs) {
    return BftSignatures.withSignatures(b, value, List.of(sigs));
  }

  private static Block header(Block b, BlockHeader.Builder h) {
    return b.toBuilder().setHeader(h).build();
  }

  private static ByteString flip(ByteString b) {
    byte[] a = b.toByteArray();
    a[a.length - 1] ^= 1;
    return ByteString.copyFrom(a);
  }
}
