/**
 * The operations endpoint of the {@code msp} commands that run until stopped: {@link
 * io.msp4j.cli.operations.OperationsServer} serves {@code /healthz}, {@code /metrics}, {@code
 * /version} and {@code /logspec} with the shapes of a Fabric node's operations service, over a
 * Micrometer registry, a list of meter binders and a list of {@link
 * io.msp4j.cli.operations.HealthCheck}s; the checks read what listeners of the follower and the
 * folder watcher recorded. {@link io.msp4j.cli.operations.CommandLogging} holds the command's
 * logback levels, which {@code PUT /logspec} replaces. Part of the command, not a library API.
 */
package io.msp4j.cli.operations;
