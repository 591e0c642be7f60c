package io.msp4j.bench;

import io.msp4j.network.BftTestChain;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hyperledger.fabric.protos.common.Block;
import org.hyperledger.fabric.protos.common.BlockMetadataIndex;
import org.hyperledger.fabric.protos.common.Metadata;
import org.hyperledger.fabric.protos.common.MetadataSignature;

/**
 * The header-monitoring benchmark's stream: a SmartBFT channel of four consenters (quorum 3),
 * its genesis block and {@value #BLOCKS} blocks of {@value #TRANSACTIONS} transactions. Each block
 * is signed by all four consenters once; each orderer writes its own subset of three of those
 * commit signatures, in its own order. Three shapes: {@code rotating}, what a healthy four-node
 * network writes (each orderer carries its own signature and two others, so the other orderers'
 * headers carry the signature that the source's block lacks: no block of a real Fabric v3.0.0
 * network had the same three signers on all four orderers while all four ran, see
 * docs/live-network.md), the block 1, 2, 3 and the streams 2, 3, 4 / 3, 4, 1 / 4, 1, 2; {@code
 * same}, what the three live orderers write while the fourth is down, the block's three signers
 * in other orders on the three streams (3, 1, 2 / 2, 3, 1 / 1, 3, 2); and {@code mixed}, every
 * fourth block {@code rotating}, the others {@code same}.
 */
public final class BftHeaderStream {
  static final int BLOCKS = 300;
  static final int TRANSACTIONS = 100;
  private static final int[][] ROTATING = {{1, 2, 3}, {2, 3, 4}, {3, 4, 1}, {4, 1, 2}};
  private static final int[][] SAME = {{1, 2, 3}, {3, 1, 2}, {2, 3, 1}, {1, 3, 2}};

  /** The genesis block, the blocks as the source sends them, and each stream's headers. */
  public final Block genesis;
  public final List<Block> blocks = new ArrayList<>();
  public final List<List<Block>> headers = List.of(new ArrayList<>(), new ArrayList<>(),
      new ArrayList<>());

  private BftHeaderStream(Block genesis) {
    this.genesis = genesis;
  }

  /** Generates the stream (the crypto under a temporary folder). */
  public static BftHeaderStream generate(String shape) {
    if (!List.of("same", "rotating", "mixed").contains(shape)) {
      throw new IllegalArgumentException("no stream shape '" + shape + "'");
    }
    try {
      Path work = Files.createTempDirectory("msp4j-bench-bft");
      BftTestChain chain = new BftTestChain(work);
      BftHeaderStream s = new BftHeaderStream(chain.genesis(List.of(7050, 7060, 7070, 7080)));
      for (int i = 0; i < BLOCKS; i++) {
        boolean rotating = shape.equals("rotating") || shape.equals("mixed") && i % 4 == 3;
        int[][] subsets = rotating ? ROTATING : SAME;
        Block full = chain.appendTransactions(TRANSACTIONS, 1, 2, 3, 4);
        Metadata md = Metadata.parseFrom(full.getMetadata()
            .getMetadata(BlockMetadataIndex.SIGNATURES_VALUE));
        s.blocks.add(variant(full, md, subsets[0]));
        for (int k = 0; k < 3; k++) {
          Block h = variant(full, md, subsets[k + 1]);
          s.headers.get(k).add(Block.newBuilder().setHeader(h.getHeader())
              .setMetadata(h.getMetadata()).build());
        }
      }
      return s;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Block variant(Block full, Metadata md, int[] ids) {
    List<MetadataSignature> sigs = new ArrayList<>();
    for (int id : ids) {
      sigs.add(md.getSignatures(id - 1));
    }
    return BftTestChain.withSignatures(full, md.getValue(), sigs);
  }
}
