package io.msp4j.channel.internal.load;

import io.msp4j.channel.OrgKind;
import org.hyperledger.fabric.protos.msp.MSPConfig;

/** An org group whose MSP is to be set up, in the order the walk met it. */
record Proposal(String path, OrgKind kind, String name, MSPConfig config) {}
