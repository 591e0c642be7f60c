package io.msp4j.channel.internal.load;

import com.google.protobuf.ByteString;
import io.msp4j.channel.OrgKind;
import org.hyperledger.fabric.protos.msp.MSPConfig;

/**
 * An org group whose MSP is to be set up, in the order the walk met it: {@code config} decoded
 * from {@code encoded}, the group's {@code MSP} value bytes (empty when it has none).
 */
record Proposal(String path, OrgKind kind, String name, MSPConfig config, ByteString encoded) {}
