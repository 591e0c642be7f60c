package io.msp4j.config.configtx;

/** The {@code SmartBFT} section of an orderer: Fabric's {@code smartbft.Options} (uint64s in longs). */
public record SmartBftOptions(
    long requestBatchMaxCount,
    long requestBatchMaxBytes,
    String requestBatchMaxInterval,
    long incomingMessageBufferSize,
    long requestPoolSize,
    String requestForwardTimeout,
    String requestComplainTimeout,
    String requestAutoRemoveTimeout,
    long requestMaxBytes,
    String viewChangeResendInterval,
    String viewChangeTimeout,
    String leaderHeartbeatTimeout,
    long leaderHeartbeatCount,
    String collectTimeout,
    boolean syncOnStart,
    boolean speedUpViewChange,
    int leaderRotation,
    long decisionsPerLeader) {}
